import { useEffect, useRef } from 'preact/hooks';
import { entryKey } from '../../wire/entry-key';
import { t } from '../i18n';
import { go } from '../navigate';
import { hrefOf } from '../router';
import type { ActsStore } from '../stores/acts-store';
import type { ChatStore } from '../stores/chat-store';
import { agentStaleText } from './agent-status';
import { AskCard } from './ask-cards/ask-card';
import { Belt } from './belt';
import { ChatEntryView } from './chat-entry';
import { Composer } from './composer/composer';
import { focusAskCard } from './composer/focus-ask';
import { useCanAct } from './can-act';
import { ManageSection } from './manage/manage-section';

interface Props {
  store: ChatStore;
  acts: ActsStore;
  agentName: string;
  paneId: string;
  /** Where a closed conversation leads (tests pass their own). */
  navigate?: typeof go;
}

/** An open conversation, live: the belt, its items, the cards that need an answer, the composer. */
export function ChatView({ store, acts, agentName, paneId, navigate = go }: Props) {
  useEffect(() => store.show(agentName, paneId), [store, agentName, paneId]);
  const canAct = useCanAct();
  const main = useRef<HTMLElement>(null);
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
  const showAsk = (askId: string | undefined) => void focusAskCard(main.current, askId);
  const acting = { acts, agentName, paneId };
  return (
    <main ref={main} class={`screen chat${agentNote || store.stale.value ? ' stale' : ''}`}>
      <h2>{chat?.pane.title ?? paneId}</h2>
      {chat && canAct && <Belt {...acting} chat={chat} />}
      {agentNote && (
        <p class="banner warn" role="status">
          {agentNote}
        </p>
      )}
      {chat?.trimmed && <p class="trimmed-line">{t('chat.trimmed')}</p>}
      {chat && entries.length === 0 && asks.length === 0 && <p class="muted">{t('chat.empty')}</p>}
      <ol class="entries">
        {entries.map((entry) => (
          <ChatEntryView key={entryKey(entry)} entry={entry} />
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
      {chat && canAct && <Composer {...acting} chat={chat} onShowAsk={showAsk} />}
      {chat && canAct && <ManageSection {...acting} chat={chat} onClosed={() => navigate({ screen: 'agent', agent: agentName })} />}
    </main>
  );
}
