import type { AgentRow, MachineRow } from '../../wire/bridge-json';
import { t } from '../i18n';
import { AgentList } from './agent-list';
import './machine-groups.css';

/**
 * The agents grouped by machine, on the lead of a crew: this machine's first, then each member's
 * under its label, with a line when that machine's bridge does not answer.
 */
export function MachineGroups({ agents, machines }: { agents: AgentRow[]; machines: MachineRow[] }) {
  const here = agents.filter((a) => !a.machine);
  return (
    <>
      <section class="machine-group" aria-labelledby="machine-here" data-machine="">
        <h3 id="machine-here">{t('durable.thisMachine')}</h3>
        {here.length === 0 ? <p class="muted">{t('durable.none')}</p> : <AgentList agents={here} />}
      </section>
      {machines.map((machine, index) => {
        const theirs = agents.filter((a) => a.machine?.label === machine.label);
        const headingId = `machine-${index}`;
        return (
          <section key={machine.label} class="machine-group" aria-labelledby={headingId} data-machine={machine.label} data-machine-state={machine.state}>
            <h3 id={headingId}>{machine.label}</h3>
            {machine.state === 'not-answering' && <p class="machine-down">{t('reason.machineNotAnswering', { machine: machine.label })}</p>}
            {theirs.length > 0 ? <AgentList agents={theirs} /> : machine.state === 'live' && <p class="muted">{t('durable.machineNone', { machine: machine.label })}</p>}
          </section>
        );
      })}
    </>
  );
}
