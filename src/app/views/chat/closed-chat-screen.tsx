import type { ComponentChildren } from 'preact';
import { useCallback, useRef } from 'preact/hooks';
import { useCanAct } from '../can-act';
import type { ActReply } from '../../../wire/write-json';
import { t } from '../../i18n';
import { go, openedPane } from '../../navigate';
import { controlKey, type ActsStore } from '../../stores/acts-store';
import type { HistoryStore } from '../../stores/history-store';
import { hrefOf } from '../../routes';
import { ActResult } from '../acts/act-result';
import { ChatHeader } from './chat-header';
import { ChatLog } from './chat-log';
import { useChatScroll } from './chat-scroll';
import { useFoundEntry } from './found-entry';
import { SearchLink } from '../header/search-link';

export interface ClosedChatProps {
  store: HistoryStore;
  acts: ActsStore;
  agentName: string;
  conversationId: string;
  /** Opened at this entry, marked for a moment (a search's hit links to it). */
  entryId?: string | undefined;
  /** Where a reopened conversation is shown (tests pass their own). */
  navigate?: typeof go;
  /** The connection's state, drawn in the header so it never scrolls away. */
  banner?: ComponentChildren;
}

/**
 * A closed conversation, read-only from the agent's history: no composer, no cards, no belt.
 * It opens at its newest item, as a chat does; where the composer would be, it says it is closed
 * and offers Reopen (with the `reopen` cap), which leads to the pane the agent names.
 */
export function ClosedChatScreen({ store, acts, agentName, conversationId, entryId, navigate = go, banner }: ClosedChatProps) {
  const canAct = useCanAct();
  const end = useRef<HTMLDivElement>(null);
  const entries = store.entries.value;
  const loadOlder = useCallback(() => void store.loadOlder(), [store]);
  const older = { phase: store.olderPhase.value, load: loadOlder };
  const found = useFoundEntry(entries, entryId, older);
  useChatScroll(end, { chat: conversationId, entries, seenAtOpen: null, unreadAt: found, onSeen: () => {} });
  const reopenKey = controlKey({ act: 'reopen', agent: agentName, conversationId });
  const opened = (reply: ActReply | null) => {
    const route = openedPane(agentName, reply);
    if (route) navigate(route);
  };
  const reopen = async () => opened(await acts.run({ act: 'reopen', agent: agentName, conversationId }));
  if (store.gone.value) {
    return (
      <>
        <ChatHeader title={t('closed.goneTitle')} backHref={hrefOf({ screen: 'agent', agent: agentName })} meta={<>{agentName}</>} banner={banner} />
        <main class="screen chat closed-chat">
          <p class="banner warn" role="alert">
            {t('closed.gone')}
          </p>
        </main>
      </>
    );
  }
  return (
    <>
      <ChatHeader
        title={store.title.value ?? conversationId}
        backHref={hrefOf({ screen: 'agent', agent: agentName })}
        actions={<SearchLink />}
        meta={
          <>
            {agentName}
            <span class="pane-state">{t('conversations.closed')}</span>
          </>
        }
        banner={banner}
      />
      <main class="screen chat closed-chat">
        <div class="chat-body">
          {store.title.value === null && !store.failed.value && <p class="muted">{t('history.loading')}</p>}
          {store.failed.value && <p class="banner warn">{t('history.failed')}</p>}
          <ChatLog key={conversationId} entries={entries} trimmed={store.trimmed.value} older={older} found={found} />
          <p class="banner" role="note">
            {t('chat.closedReadOnly')}
          </p>
          {canAct && store.agent.value?.caps?.reopen && (
            <div class="reopen">
              <button type="button" class="act-button primary" disabled={acts.statusOf(reopenKey).phase === 'sending'} onClick={() => void reopen()}>
                {t('closed.reopen')}
              </button>
              <ActResult acts={acts} controlKey={acts.intentOf(reopenKey) ? reopenKey : null} onRetried={opened} />
            </div>
          )}
        </div>
        <div ref={end} class="chat-end" />
      </main>
    </>
  );
}
