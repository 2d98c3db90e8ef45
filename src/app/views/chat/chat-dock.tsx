import type { ChatJson } from '../../../wire/bridge-json';
import { t } from '../../i18n';
import type { ActsStore } from '../../stores/acts-store';
import { Belt } from '../belt';
import { Composer } from '../composer/composer';
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
 * What stays at the bottom of the chat, above the on-screen keyboard: one slim "Needs your
 * answer" line while an ask is open, the jump-to-latest button beside it while the newest entry is
 * out of sight, the belt and the composer.
 */
export function ChatDock({ chat, acts, agentName, paneId, canAct, asks, asksInView, away, unseen, onNewest, onShowAsk }: Props) {
  const acting = { acts, agentName, paneId, chat };
  return (
    <div class="chat-dock">
      {/* The open question's one line: it replaces the composer's note, and leads to the card (a watching phone's cards say it cannot answer). */}
      {canAct && asks > 0 && (
        <button type="button" class={`answer-bar${asksInView ? ' in-view' : ''}`} onClick={() => onShowAsk(chat.asks[0]?.id)}>
          <Icon name="answer" />
          <span class="answer-bar-text">{t('chat.needsAnswerCount', { count: asks })}</span>
          <Icon name="chevron" />
        </button>
      )}
      {away && <JumpToLatest unseen={unseen} onJump={onNewest} />}
      {canAct && <Belt {...acting} />}
      {canAct && <Composer {...acting} onShowAsk={onShowAsk} />}
    </div>
  );
}
