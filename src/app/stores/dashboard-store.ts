import { computed, type ReadonlySignal } from '@preact/signals';
import type { BridgeClient } from '../phone-api-client';
import type { AgentRow } from '../../wire/bridge-json';
import { polled, type PollEnv } from './polled';

export interface DashboardStore {
  /** Null until the bridge has answered once. */
  durable: ReadonlySignal<boolean | null>;
  agents: ReadonlySignal<AgentRow[]>;
  /** True while any agent has a conversation waiting for the person. */
  anyoneWaiting: ReadonlySignal<boolean>;
  stale: ReadonlySignal<boolean>;
  start(): () => void;
}

export function createDashboardStore(client: BridgeClient, env?: PollEnv): DashboardStore {
  const resource = polled((etag, options) => client.dashboard(etag, options), env);
  const agents = computed(() => resource.data.value?.agents ?? []);
  return {
    durable: computed(() => resource.data.value?.durable ?? null),
    agents,
    anyoneWaiting: computed(() => agents.value.some((a) => a.status === 'ok' && a.needsYou > 0)),
    stale: resource.stale,
    start: resource.start,
  };
}
