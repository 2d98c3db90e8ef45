import { useId } from 'preact/hooks';
import type { ActReply } from '../../wire/write-json';
import type { Caps, Starter } from '../../wire/types';
import { t } from '../i18n';
import { go, openedPane } from '../navigate';
import { controlKey, type ActsStore } from '../stores/acts-store';
import { ActResult } from './acts/act-result';

interface Props {
  acts: ActsStore;
  agentName: string;
  starters: Starter[];
  caps: Caps | null;
  /** Where a started pane is opened (tests pass their own). */
  navigate?: typeof go;
}

/** The agent's starters, only with the `starters` cap: a tap starts one and opens the pane it names. */
export function Starters({ acts, agentName, starters, caps, navigate = go }: Props) {
  const headingId = useId();
  if (!caps?.starters || starters.length === 0) return null;
  const keyOf = (starterId: string) => controlKey({ act: 'starter', agent: agentName, starterId });
  const latest = acts.latestOf(starters.map((s) => keyOf(s.id)));
  const opened = (reply: ActReply | null) => {
    const route = openedPane(agentName, reply);
    if (route) navigate(route);
  };
  return (
    <section class="starters" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('starters.title')}</h3>
      <ul class="starter-list">
        {starters.map((starter) => (
          <li key={starter.id}>
            <button
              type="button"
              class="act-button starter-button"
              data-starter={starter.id}
              disabled={acts.statusOf(keyOf(starter.id)).phase === 'sending'}
              onClick={async () => opened(await acts.run({ act: 'starter', agent: agentName, starterId: starter.id }))}
            >
              {starter.label}
            </button>
          </li>
        ))}
      </ul>
      <ActResult acts={acts} controlKey={latest} onRetried={opened} />
    </section>
  );
}
