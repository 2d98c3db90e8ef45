import { useEffect } from 'preact/hooks';
import { t } from '../i18n';
import type { HistoryStore } from '../stores/history-store';
import { ChatEntryView } from './chat-entry';

/** A closed conversation, read-only from the agent's history: no composer, no cards, no belt. */
export function ClosedChatView({ store, agentName, conversationId }: { store: HistoryStore; agentName: string; conversationId: string }) {
  useEffect(() => store.show(agentName, conversationId), [store, agentName, conversationId]);
  const entries = store.entries.value;
  return (
    <main class="screen chat closed-chat">
      <h2>{store.title.value ?? conversationId}</h2>
      <p class="banner" role="note">{t('chat.closedReadOnly')}</p>
      {store.trimmed.value && <p class="trimmed-line">{t('chat.trimmed')}</p>}
      {store.title.value === null && !store.failed.value && <p class="muted">{t('history.loading')}</p>}
      {store.failed.value && <p class="banner warn">{t('history.failed')}</p>}
      <ol class="entries">
        {entries.map((entry) => (
          <ChatEntryView key={entry.type === 'item' ? `i:${entry.item.id}` : `d:${entry.id}`} entry={entry} />
        ))}
      </ol>
      {store.hasMore.value && <button type="button" class="more" onClick={() => void store.loadMore()}>{t('history.showMore')}</button>}
    </main>
  );
}
