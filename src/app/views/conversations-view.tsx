import { useEffect } from 'preact/hooks';
import type { ConversationRow } from '../../wire/bridge-json';
import { t } from '../i18n';
import { hrefOf } from '../router';
import type { ConversationsStore } from '../stores/conversations-store';
import { agentStatusText } from './agent-status';

function ConversationRowView({ agent, row }: { agent: string; row: ConversationRow }) {
  return (
    <li>
      <a class="conversation-row" href={hrefOf({ screen: 'chat', agent, paneId: row.paneId })} data-pane={row.paneId}>
        <span class="conversation-main">
          <span class="conversation-title">{row.title}</span>
          <span class="conversation-place">{row.place}</span>
        </span>
        {row.needsYou > 0 ? (
          <span class="count-needs-you">{t('conversations.waiting', { count: row.needsYou })}</span>
        ) : (
          <span class="muted">{t(`pane.state.${row.state}`)}</span>
        )}
      </a>
    </li>
  );
}

export function ConversationsView({ store, agentName }: { store: ConversationsStore; agentName: string }) {
  useEffect(() => store.show(agentName), [store, agentName]);
  const agent = store.agent.value;
  const open = store.open.value;
  const status = agent ? agentStatusText(agent) : null;
  const needsYou = open.filter((r) => r.needsYou > 0);
  const others = open.filter((r) => r.needsYou === 0);
  return (
    <main class="screen conversations">
      <h2>{agentName} <span class="badge">{t('durable.experimental')}</span></h2>
      {agent?.status === 'version-mismatch' && agent.reason && <p class="banner warn" role="alert">{agent.reason}</p>}
      {status && agent?.status !== 'version-mismatch' && <p class="banner">{status}</p>}
      {needsYou.length > 0 && (
        <section aria-labelledby="needs-you-heading">
          <h3 id="needs-you-heading">{t('conversations.needsYou')}</h3>
          <ul class="conversation-list">{needsYou.map((row) => <ConversationRowView key={row.paneId} agent={agentName} row={row} />)}</ul>
        </section>
      )}
      {others.length > 0 && (
        <section aria-labelledby="open-heading">
          <h3 id="open-heading">{t('conversations.open')}</h3>
          <ul class="conversation-list">{others.map((row) => <ConversationRowView key={row.paneId} agent={agentName} row={row} />)}</ul>
        </section>
      )}
      {agent && open.length === 0 && <p class="muted">{t('conversations.none')}</p>}
    </main>
  );
}
