import type { ChatJson } from '../../../wire/bridge-json';
import { t } from '../../i18n';
import type { ActsStore } from '../../stores/acts-store';
import { Belt } from '../belt';
import { Composer } from '../composer/composer';
import { Icon } from '../icons';

interface Props {
  chat: ChatJson;
  acts: ActsStore;
  agentName: string;
  paneId: string;
  canAct: boolean;
  /** Open asks to answer, and whether their cards can be seen right now. */
  asks: number;
  asksInView: boolean;
  /** New items below the reader. */
  unseen: number;
  onNewest(): void;
  onShowAsk(askId: string | undefined): void;
}

/**
 * What stays at the bottom of the chat, above the on-screen keyboard: the "New messages" pill,
 * a "Needs your answer" bar while an ask's card is out of sight, the belt and the composer.
 */
export function ChatDock({ chat, acts, agentName, paneId, canAct, asks, asksInView, unseen, onNewest, onShowAsk }: Props) {
  const acting = { acts, agentName, paneId, chat };
  return (
    <div class="chat-dock">
      {unseen > 0 && (
        <button type="button" class="new-pill" onClick={onNewest}>
          <Icon name="down" />
          {t('chat.newMessages')}
        </button>
      )}
      {asks > 0 && !asksInView && (
        <button type="button" class="answer-bar" onClick={() => onShowAsk(chat.asks[0]?.id)}>
          <Icon name="answer" />
          {t('chat.needsAnswerCount', { count: asks })}
        </button>
      )}
      {canAct && <Belt {...acting} />}
      {canAct && <Composer {...acting} onShowAsk={onShowAsk} />}
    </div>
  );
}
