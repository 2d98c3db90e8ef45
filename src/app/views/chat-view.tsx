import { useEffect } from 'preact/hooks';
import { t } from '../i18n';
import type { ChatStore } from '../stores/chat-store';
import { AskCard } from './ask-card';
import { ChatEntryView } from './chat-entry';

export function ChatView({ store, agentName, paneId }: { store: ChatStore; agentName: string; paneId: string }) {
  useEffect(() => store.show(agentName, paneId), [store, agentName, paneId]);
  const chat = store.chat.value;
  const asks = store.asks.value;
  const cards = store.cards.value;
  return (
    <main class="screen chat">
      <h2>{chat?.pane.title ?? paneId}</h2>
      {chat?.trimmed && <p class="trimmed-line">{t('chat.trimmed')}</p>}
      {chat && chat.entries.length === 0 && asks.length === 0 && <p class="muted">{t('chat.empty')}</p>}
      <ol class="entries">
        {chat?.entries.map((entry) => (
          <ChatEntryView key={entry.type === 'item' ? entry.item.id : entry.id} entry={entry} />
        ))}
      </ol>
      {asks.length > 0 && (
        <section class="asks" aria-labelledby="asks-heading">
          <h3 id="asks-heading">{t('chat.needsAnswer')}</h3>
          {asks.map((ask) => (
            <AskCard
              key={ask.id}
              ask={ask}
              agentName={agentName}
              state={cards[ask.id]}
              onAnswer={(answer) => void store.answer(ask, answer)}
            />
          ))}
        </section>
      )}
    </main>
  );
}
