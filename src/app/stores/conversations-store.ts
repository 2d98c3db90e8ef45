import { computed, signal, type ReadonlySignal } from '@preact/signals';
import type { BridgeClient } from '../bridge-client';
import type { AgentJson, AgentRow, ConversationRow } from '../../wire/bridge-json';
import { polled, type Connection, type PollEnv, type Polled } from './polled';

export interface ConversationsStore {
  agent: ReadonlySignal<AgentRow | null>;
  /** Open conversations, those that need the person first. */
  open: ReadonlySignal<ConversationRow[]>;
  connection: ReadonlySignal<Connection>;
  /** Shows one agent's conversations while the returned cleanup is not called. */
  show(agentName: string): () => void;
}

export function createConversationsStore(client: BridgeClient, env?: PollEnv): ConversationsStore {
  const current = signal<Polled<AgentJson> | null>(null);
  const data = computed(() => current.value?.data.value ?? null);
  return {
    agent: computed(() => data.value?.agent ?? null),
    open: computed(() => {
      const rows = data.value?.conversations ?? [];
      return [...rows.filter((r) => r.needsYou > 0), ...rows.filter((r) => r.needsYou === 0)];
    }),
    connection: computed(() => current.value?.connection.value ?? 'connecting'),
    show(agentName) {
      const resource = polled((etag) => client.agent(agentName, etag), env);
      current.value = resource;
      const stop = resource.start();
      return () => {
        stop();
        if (current.peek() === resource) current.value = null;
      };
    },
  };
}
