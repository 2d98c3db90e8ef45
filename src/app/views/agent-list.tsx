import type { AgentRow } from '../../wire/bridge-json';
import { t } from '../i18n';
import { hrefOf } from '../routes';
import { agentStatusText } from './agent-status';

function AgentRowView({ agent }: { agent: AgentRow }) {
  const status = agentStatusText(agent);
  const meta = [agent.runtime, t(agent.where === 'here' ? 'durable.here' : 'durable.elsewhere')].filter(Boolean).join(' · ');
  return (
    <li>
      <a class="agent-row" href={hrefOf({ screen: 'agent', agent: agent.name })} data-agent={agent.name} data-status={agent.status}>
        <span class="agent-main">
          {/* Under its machine's heading, a member's agent shows the name it has there. */}
          <span class="agent-name">{agent.machine?.agent ?? agent.name}</span>
          <span class="badge">{t('durable.experimental')}</span>
          <span class="agent-meta">{meta}</span>
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

/** The agents' rows: the dashboard's one list, or one machine's in the crew's groups. */
export function AgentList({ agents }: { agents: AgentRow[] }) {
  return (
    <ul class="agent-list">
      {agents.map((a) => (
        <AgentRowView key={a.name} agent={a} />
      ))}
    </ul>
  );
}
