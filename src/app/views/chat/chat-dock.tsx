import type { ChatJson } from '../../../wire/bridge-json';
import { t } from '../../i18n';
import type { ActsStore } from '../../stores/acts-store';
import { Belt } from '../belt';
import { Composer, hasComposer, turnControlsShown } from '../composer/composer';
import { Icon } from '../icons';
import { JumpToLatest } from './jump-to-latest';

interface Props {
  chat: ChatJson;
  acts: ActsStore;
  agentName: string;
  paneId: string;
  canAct: boolean;
  /** Open asks to answer, and whether their cards can be seen right now. */
  asks: number;
  asksInView: boolean;
  /** The newest entry is out of sight, and how many entries the reader has not reached. */
  away: boolean;
  unseen: number;
  onNewest(): void;
  onShowAsk(askId: string | undefined): void;
}

/**
 * What stays at the bottom of the chat, above the on-screen keyboard: the belt, the composer, and
 * above the text one line that holds what there is of the open question's reminder, Steer and
 * Stop while a turn runs, and the jump-to-latest button while the newest entry is out of sight.
 */
export function ChatDock({ chat, acts, agentName, paneId, canAct, asks, asksInView, away, unseen, onNewest, onShowAsk }: Props) {
  const acting = { acts, agentName, paneId, chat };
  // Beside Steer and Stop the reminder is short, so that the line stays one line on a phone.
  const short = canAct && turnControlsShown(chat);
  // The open question's line leads to the card (a watching phone's cards say it cannot answer).
  const lead = canAct && asks > 0 && (
    <button type="button" class={`answer-bar${asksInView ? ' in-view' : ''}`} onClick={() => onShowAsk(chat.asks[0]?.id)}>
      <Icon name="answer" />
      <span class="answer-bar-text">{t(short ? 'chat.answerCount' : 'chat.needsAnswerCount', { count: asks })}</span>
      <Icon name="chevron" />
    </button>
  );
  const trail = away && <JumpToLatest unseen={unseen} onJump={onNewest} />;
  const composed = canAct && hasComposer(chat);
  return (
    <div class="chat-dock">
      {!composed && (lead || trail) && (
        <div class="dock-line">
          {lead}
          {trail}
        </div>
      )}
      {canAct && <Belt {...acting} />}
      {composed && <Composer {...acting} onShowAsk={onShowAsk} lead={lead} trail={trail} />}
    </div>
  );
}
