import { useEffect } from 'preact/hooks';
import { t } from '../i18n';
import { hrefOf } from '../router';
import type { ChatStore } from '../stores/chat-store';
import { agentStaleText } from './agent-status';
import { AskCard } from './ask-cards/ask-card';
import { ChatEntryView } from './chat-entry';

/** An open conversation, live: its items, then the cards that need an answer. */
export function ChatView({ store, agentName, paneId }: { store: ChatStore; agentName: string; paneId: string }) {
  useEffect(() => store.show(agentName, paneId), [store, agentName, paneId]);
  const chat = store.chat.value;
  const entries = store.entries.value;
  const asks = store.asks.value;
  const agentNote = chat ? agentStaleText(chat.agent) : null;
  if (store.missing.value) {
    return (
      <main class="screen chat">
        <p class="banner">{t('chat.notOpen')}</p>
        <a href={hrefOf({ screen: 'agent', agent: agentName })}>{t('chat.backToList')}</a>
      </main>
    );
  }
  return (
    <main class={`screen chat${agentNote || store.stale.value ? ' stale' : ''}`}>
      <h2>{chat?.pane.title ?? paneId}</h2>
      {agentNote && <p class="banner warn" role="status">{agentNote}</p>}
      {chat?.trimmed && <p class="trimmed-line">{t('chat.trimmed')}</p>}
      {chat && entries.length === 0 && asks.length === 0 && <p class="muted">{t('chat.empty')}</p>}
      <ol class="entries">
        {entries.map((entry) => (
          <ChatEntryView key={entry.type === 'item' ? `i:${entry.item.id}` : `d:${entry.id}`} entry={entry} />
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
              // Safe by default: until the chat is read, allow-always is not offered.
              overToken={chat?.agent.where !== 'here'}
              status={store.statusOf(ask.id)}
              canRetry={store.canRetry(ask.id)}
              onRetry={() => void store.retry(ask.id)}
              onAnswer={(answer, options) => void store.answer(ask, answer, options)}
            />
          ))}
        </section>
      )}
    </main>
  );
}
