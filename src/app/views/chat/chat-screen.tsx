import type { ComponentChildren } from 'preact';
import { useCallback, useMemo, useRef } from 'preact/hooks';
import { t } from '../../i18n';
import { go } from '../../navigate';
import { hrefOf } from '../../routes';
import type { ActsStore } from '../../stores/acts-store';
import type { ChatStore } from '../../stores/chat-store';
import { agentStaleText } from '../agent-status';
import { AskCard } from '../ask-cards/ask-card';
import { useCanAct } from '../can-act';
import { ChatDock } from './chat-dock';
import { ChatHeader } from './chat-header';
import { ChatLog } from './chat-log';
import { useChatReading } from './use-chat-reading';
import { useInView } from './use-in-view';
import { focusAskCard } from '../composer/focus-ask';
import { useOpenAtCard } from '../inbox/open-at-card';
import { useFoundEntry } from './found-entry';
import { ChatMenu } from './chat-menu';
import { SearchLink } from '../header/search-link';

export interface ChatProps {
  store: ChatStore;
  acts: ActsStore;
  agentName: string;
  paneId: string;
  /** Where a closed conversation leads (tests pass their own). */
  navigate?: typeof go;
  /** Opened at this ask's card (the dashboard's inbox links to it). */
  askId?: string | undefined;
  /** Opened at this entry, marked for a moment (a search's hit links to it). */
  entryId?: string | undefined;
  /** The connection's state, drawn in the header so it never scrolls away. */
  banner?: ComponentChildren;
}

/**
 * An open conversation, live, as a messenger shows it: the header on top, the items from the
 * oldest loaded to the newest, open cards just above the composer pinned at the bottom. The
 * pane's receipts, Rename and Close live in the header's menu: nothing sits below the composer.
 */
export function ChatScreen({ store, acts, agentName, paneId, navigate = go, askId, entryId, banner }: ChatProps) {
  const canAct = useCanAct();
  const main = useRef<HTMLElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const asksRef = useRef<HTMLElement>(null);
  const chat = store.chat.value;
  const entries = store.entries.value;
  const asks = store.asks.value;
  // The tool rows open cards wait on: each says it waits for the answer, not that it runs.
  const waiting = useMemo(() => new Set(asks.flatMap((ask) => (ask.itemId ? [ask.itemId] : []))), [asks]);
  const loadOlder = useCallback(() => void store.loadOlder(), [store]);
  const older = chat?.agent.caps?.history || (chat?.earlier ?? 0) > 0 ? { phase: store.olderPhase.value, load: loadOlder } : null;
  const foundAt = useFoundEntry(entries, entryId, older);
  const { scroll, unreadAt, given } = useChatReading(store, end, JSON.stringify([agentName, paneId]), askId !== undefined || entryId !== undefined, foundAt);
  const asksInView = useInView(asksRef, asks.length > 0);
  useOpenAtCard(main, { agent: agentName, paneId, askId }, asks);
  const backHref = hrefOf({ screen: 'agent', agent: agentName });
  const state = chat?.pane.state;
  const agentNote = chat ? agentStaleText(chat.agent) : null;
  // A state read before the bridge or the agent stopped answering is not claimed as now.
  const unsure = store.stale.value || agentNote !== null;
  const meta = (
    <>
      {agentName}
      {state && !unsure && <span class={`pane-state state-${state}`}>{t(`pane.state.${state}`)}</span>}
      {state && unsure && <span class="pane-state">{t('pane.state.unknown')}</span>}
    </>
  );
  const missing = store.missing.value;
  if (missing) {
    return (
      <>
        <ChatHeader title={paneId} backHref={backHref} meta={agentName} banner={banner} />
        <main class="screen chat">
          <p class="banner">{t(missing === 'agent' ? 'conversations.notFound' : 'chat.notOpen')}</p>
          <a href={backHref}>{t('chat.backToList')}</a>
        </main>
      </>
    );
  }
  const showAsk = (askId: string | undefined) => void focusAskCard(main.current, askId);
  const acting = { acts, agentName, paneId };
  const onClosed = () => navigate({ screen: 'agent', agent: agentName });
  return (
    <>
      <ChatHeader
        title={chat?.pane.title ?? paneId}
        backHref={backHref}
        meta={meta}
        note={agentNote}
        banner={banner}
        actions={
          <>
            <SearchLink />
            {chat && <ChatMenu {...acting} chat={chat} canAct={canAct} onClosed={onClosed} />}
          </>
        }
      />
      <main ref={main} class={`screen chat${agentNote || store.stale.value ? ' stale' : ''}`}>
        <div class="chat-body">
          {chat && entries.length === 0 && asks.length === 0 && <p class="muted chat-empty">{t('chat.empty')}</p>}
          {/* One log per pane: its measured rows belong to that conversation. */}
          <ChatLog
            key={paneId}
            entries={entries}
            trimmed={store.trimmed.value}
            older={older}
            earlier={chat?.earlier}
            unreadAt={unreadAt}
            found={foundAt}
            given={given}
            waiting={waiting}
          />
          {asks.length > 0 && (
            <section ref={asksRef} class="asks" aria-labelledby="asks-heading">
              {/* Named for screen readers only: the cards and the dock's line say it on screen. */}
              <h3 id="asks-heading" class="visually-hidden">
                {t('chat.needsAnswer')}
              </h3>
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
          {chat && (
            <ChatDock
              {...acting}
              chat={chat}
              canAct={canAct}
              asks={asks.length}
              asksInView={asksInView.value}
              away={scroll.away.value}
              unseen={scroll.unseen.value}
              onNewest={scroll.toNewest}
              onShowAsk={showAsk}
            />
          )}
        </div>
        <div ref={end} class="chat-end" />
      </main>
    </>
  );
}
