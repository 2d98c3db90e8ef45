import { useEffect } from 'preact/hooks';
import { useCanAct } from './can-act';
import { entryKey } from '../../wire/entry-key';
import type { ActReply } from '../../wire/bridge-json';
import { t } from '../i18n';
import { go, openedPane } from '../navigate';
import { controlKey, type ActsStore } from '../stores/acts-store';
import type { HistoryStore } from '../stores/history-store';
import { ActResult } from './acts/act-result';
import { ChatEntryView } from './chat-entry';

interface Props {
  store: HistoryStore;
  acts: ActsStore;
  agentName: string;
  conversationId: string;
  /** Where a reopened conversation is shown (tests pass their own). */
  navigate?: typeof go;
}

/**
 * A closed conversation, read-only from the agent's history: no composer, no cards, no belt.
 * Only Reopen (with the `reopen` cap), which leads to the pane the agent names.
 */
export function ClosedChatView({ store, acts, agentName, conversationId, navigate = go }: Props) {
  useEffect(() => store.show(agentName, conversationId), [store, agentName, conversationId]);
  const canAct = useCanAct();
  const entries = store.entries.value;
  const reopenKey = controlKey({ act: 'reopen', agent: agentName, conversationId });
  const opened = (reply: ActReply | null) => {
    const route = openedPane(agentName, reply);
    if (route) navigate(route);
  };
  const reopen = async () => opened(await acts.run({ act: 'reopen', agent: agentName, conversationId }));
  return (
    <main class="screen chat closed-chat">
      <h2>{store.title.value ?? conversationId}</h2>
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
      {store.trimmed.value && <p class="trimmed-line">{t('chat.trimmed')}</p>}
      {store.title.value === null && !store.failed.value && <p class="muted">{t('history.loading')}</p>}
      {store.failed.value && <p class="banner warn">{t('history.failed')}</p>}
      <ol class="entries">
        {entries.map((entry) => (
          <ChatEntryView key={entryKey(entry)} entry={entry} />
        ))}
      </ol>
      {store.hasMore.value && (
        <button type="button" class="more" onClick={() => void store.loadMore()}>
          {t('history.showMore')}
        </button>
      )}
    </main>
  );
}
