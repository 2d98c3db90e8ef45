import { computed, type ReadonlySignal } from '@preact/signals';
import type { BridgeClient } from '../phone-api-client';
import type { AgentRow, InboxAsk, MachineRow } from '../../wire/bridge-json';
import type { PairingDecisionReply, PairingRequestJson } from '../../wire/pairing-json';
import { polled, type PollEnv } from './polled';
import { keptCopy } from '../offline/kept-copy';
import type { KeptCopies } from '../storage';

export interface DashboardStore {
  /** Null until the bridge has answered once. */
  durable: ReadonlySignal<boolean | null>;
  agents: ReadonlySignal<AgentRow[]>;
  /** Every open ask across the agents, oldest first, as the bridge lists them. */
  inbox: ReadonlySignal<InboxAsk[]>;
  /** The other machines of the crew this bridge leads, in order (empty when it leads none): the agents are grouped by them. */
  machines: ReadonlySignal<MachineRow[]>;
  /** Devices waiting for this phone's Allow (never from a kept copy: an old request is no question). */
  pairing: ReadonlySignal<PairingRequestJson[]>;
  decidePairing(requestId: string, allow: boolean): Promise<PairingDecisionReply>;
  /** True while any agent has a conversation waiting for the person. */
  anyoneWaiting: ReadonlySignal<boolean>;
  stale: ReadonlySignal<boolean>;
  /** When the bridge last confirmed what shows (ms), null before. */
  readAt: ReadonlySignal<number | null>;
  start(): () => void;
}

export function createDashboardStore(client: BridgeClient, env?: PollEnv, copies?: KeptCopies): DashboardStore {
  const copy = copies && keptCopy(copies, 'dashboard', () => import('../offline/parse-views').then((m) => m.parseDashboard), { hold: env?.hold });
  const resource = polled((etag, options) => client.dashboard(etag, options), env, copy);
  const agents = computed(() => resource.data.value?.agents ?? []);
  const inbox = computed(() => resource.data.value?.inbox ?? []);
  return {
    durable: computed(() => resource.data.value?.durable ?? null),
    agents,
    inbox,
    machines: computed(() => resource.data.value?.machines ?? []),
    pairing: computed(() => (resource.stale.value ? [] : (resource.data.value?.pairing ?? []))),
    decidePairing: (requestId, allow) => client.decidePairing(requestId, allow),
    anyoneWaiting: computed(() => inbox.value.length > 0 || agents.value.some((a) => a.status === 'ok' && a.needsYou > 0)),
    stale: resource.stale,
    readAt: resource.readAt,
    start: resource.start,
  };
}
