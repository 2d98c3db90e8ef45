import { useEffect } from 'preact/hooks';
import type { AgentRow } from '../../wire/bridge-json';
import { t } from '../i18n';
import { hrefOf } from '../router';
import type { DashboardStore } from '../stores/dashboard-store';
import { agentStatusText } from './agent-status';

function AgentRowView({ agent }: { agent: AgentRow }) {
  const status = agentStatusText(agent);
  return (
    <li>
      <a class="agent-row" href={hrefOf({ screen: 'agent', agent: agent.name })} data-agent={agent.name}>
        <span class="agent-main">
          <span class="agent-name">{agent.name}</span>
          <span class="badge">{t('durable.experimental')}</span>
          <span class="agent-meta">
            {[agent.runtime, t(agent.where === 'here' ? 'durable.here' : 'durable.elsewhere')].filter(Boolean).join(' · ')}
          </span>
        </span>
        {status ? (
          <span class="agent-status">{status}</span>
        ) : (
          <span class="agent-counts">
            <span class="count-open">{t('durable.open', { count: agent.open })}</span>
            {agent.needsYou > 0 && <span class="count-needs-you">{t('durable.needsYou', { count: agent.needsYou })}</span>}
          </span>
        )}
      </a>
    </li>
  );
}

export function DashboardView({ store }: { store: DashboardStore }) {
  useEffect(() => store.start(), [store]);
  const durable = store.durable.value;
  const agents = store.agents.value;
  const section =
    durable === true ? (
      <section class="durable-section" aria-labelledby="durable-heading" data-waiting={store.anyoneWaiting.value}>
        <h2 id="durable-heading">{t('durable.section')}</h2>
        {agents.length === 0 ? <p class="muted">{t('durable.none')}</p> : <ul class="agent-list">{agents.map((a) => <AgentRowView key={a.name} agent={a} />)}</ul>}
      </section>
    ) : null;
  return (
    <main class="screen dashboard">
      {store.connection.value === 'bridge-unreachable' && <p class="banner warn" role="alert">{t('dashboard.bridgeUnreachable')}</p>}
      {durable === null && store.connection.value === 'connecting' && <p class="muted">{t('dashboard.loading')}</p>}
      {section}
    </main>
  );
}
