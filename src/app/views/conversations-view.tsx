import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import type { ClosedConversationRow, ConversationRow } from '../../wire/bridge-json';
import { t } from '../i18n';
import { hrefOf } from '../router';
import type { ActsStore } from '../stores/acts-store';
import type { ConversationsStore } from '../stores/conversations-store';
import { agentStatusText } from './agent-status';
import { useCanAct } from './can-act';
import { WorkspacesSection } from './manage/workspaces-section';
import { Starters } from './starters';

function OpenRow({ agent, row }: { agent: string; row: ConversationRow }) {
  return (
    <li>
      <a class="conversation-row" href={hrefOf({ screen: 'chat', agent, paneId: row.paneId })} data-pane={row.paneId}>
        <span class="conversation-main">
          <span class="conversation-title">{row.title}</span>
          <span class="conversation-place">{row.place}</span>
        </span>
        {row.needsYou > 0 ? <span class="count-needs-you">{t('conversations.waiting', { count: row.needsYou })}</span> : <span class="muted">{t(`pane.state.${row.state}`)}</span>}
      </a>
    </li>
  );
}

function ClosedRow({ agent, row }: { agent: string; row: ClosedConversationRow }) {
  const when = row.closedAt ?? row.updatedAt;
  return (
    <li>
      <a class="conversation-row closed" href={hrefOf({ screen: 'closed', agent, conversationId: row.id })} data-conversation={row.id}>
        <span class="conversation-main">
          <span class="conversation-title">{row.title}</span>
          {when && <span class="conversation-place">{new Date(when).toLocaleString()}</span>}
        </span>
      </a>
    </li>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

/**
 * An agent's conversations like a messenger's list: those that need you, the other open ones,
 * then Closed; its starters, and its workspaces to rename or close (each only for its cap).
 */
export function ConversationsView({ store, acts, agentName }: { store: ConversationsStore; acts: ActsStore; agentName: string }) {
  useEffect(() => store.show(agentName), [store, agentName]);
  const canAct = useCanAct();
  const agent = store.agent.value;
  const historyKept = agent?.caps?.history === true;
  useEffect(() => {
    if (historyKept) void store.loadMoreClosed();
  }, [store, agentName, historyKept]);
  const needsYou = store.needsYou.value;
  const open = store.open.value;
  const closed = store.closed.value;
  const status = agent ? agentStatusText(agent) : null;
  return (
    <main class={`screen conversations${store.stale.value || status ? ' stale' : ''}`}>
      <h2>
        {agentName} <span class="badge">{t('durable.experimental')}</span>
      </h2>
      {agent?.status === 'version-mismatch' && agent.reason && (
        <p class="banner warn" role="alert">
          {agent.reason}
        </p>
      )}
      {status && agent?.status !== 'version-mismatch' && (
        <p class="banner" role="status">
          {status}
        </p>
      )}
      {canAct && <Starters acts={acts} agentName={agentName} starters={store.starters.value} caps={agent?.caps ?? null} />}
      {needsYou.length > 0 && (
        <Section id="needs-you-heading" title={t('conversations.needsYou')}>
          <ul class="conversation-list">
            {needsYou.map((row) => (
              <OpenRow key={row.paneId} agent={agentName} row={row} />
            ))}
          </ul>
        </Section>
      )}
      {open.length > 0 && (
        <Section id="open-heading" title={t('conversations.open')}>
          <ul class="conversation-list">
            {open.map((row) => (
              <OpenRow key={row.paneId} agent={agentName} row={row} />
            ))}
          </ul>
        </Section>
      )}
      {agent && needsYou.length + open.length === 0 && <p class="muted">{t('conversations.none')}</p>}
      {historyKept && (
        <Section id="closed-heading" title={t('conversations.closed')}>
          {closed.length > 0 && (
            <ul class="conversation-list">
              {closed.map((row) => (
                <ClosedRow key={row.id} agent={agentName} row={row} />
              ))}
            </ul>
          )}
          {closed.length === 0 && !store.hasMoreClosed.value && <p class="muted">{t('conversations.closedNone')}</p>}
          {store.closedError.value && <p class="banner warn">{t('conversations.closedFailed')}</p>}
          {store.hasMoreClosed.value && closed.length > 0 && (
            <button type="button" class="more" onClick={() => void store.loadMoreClosed()}>
              {t('conversations.showMore')}
            </button>
          )}
        </Section>
      )}
      {canAct && <WorkspacesSection acts={acts} agentName={agentName} layout={store.layout.value} caps={agent?.caps ?? null} />}
    </main>
  );
}
