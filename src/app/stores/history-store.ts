import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { BridgeHttpError, type BridgeClient } from '../phone-api-client';
import type { AgentRow, ChatEntry } from '../../wire/bridge-json';

export interface HistoryStore {
  /** The agent, read once on show: its caps say whether Reopen is offered. */
  agent: ReadonlySignal<AgentRow | null>;
  title: ReadonlySignal<string | null>;
  entries: ReadonlySignal<ChatEntry[]>;
  trimmed: ReadonlySignal<boolean>;
  hasMore: ReadonlySignal<boolean>;
  failed: ReadonlySignal<boolean>;
  /** The agent does not know this conversation (any more): it has a sentence of its own, not a retry. */
  gone: ReadonlySignal<boolean>;
  /** Reads a closed conversation from the agent's history (never from a cache). */
  show(agent: string, conversationId: string): () => void;
  loadMore(): Promise<void>;
}

export function createHistoryStore(client: BridgeClient): HistoryStore {
  const title = signal<string | null>(null);
  const entries = signal<ChatEntry[]>([]);
  const trimmed = signal(false);
  const next = signal<string | null | undefined>(undefined);
  const failed = signal(false);
  const gone = signal(false);
  const agentRow = signal<AgentRow | null>(null);
  let target: { agent: string; id: string } | null = null;

  async function readAgent(reading: { agent: string; id: string }): Promise<void> {
    try {
      const read = await client.agent(reading.agent, null);
      if (target === reading && read.changed) agentRow.value = read.data.agent;
    } catch (err) {
      // Without the agent's caps the screen stays read-only: no Reopen is offered.
      console.warn('history: the agent could not be read', err);
    }
  }

  async function loadMore(): Promise<void> {
    const reading = target;
    if (!reading || next.peek() === null) return;
    try {
      const page = await client.history(reading.agent, reading.id, next.peek() ?? null);
      if (target !== reading) return;
      title.value = page.conversation.title;
      entries.value = [...entries.peek(), ...page.entries];
      trimmed.value = page.trimmed;
      next.value = page.next;
      failed.value = false;
    } catch (err) {
      if (target !== reading) return;
      if (err instanceof BridgeHttpError && err.code === 'no-such-conversation') gone.value = true;
      else failed.value = true;
    }
  }

  return {
    agent: agentRow,
    title,
    entries,
    trimmed,
    hasMore: computed(() => next.value != null),
    failed,
    gone,
    show(agent, conversationId) {
      target = { agent, id: conversationId };
      title.value = null;
      entries.value = [];
      trimmed.value = false;
      next.value = undefined;
      failed.value = false;
      gone.value = false;
      agentRow.value = null;
      void loadMore();
      void readAgent(target);
      return () => {
        target = null;
      };
    },
    loadMore,
  };
}
