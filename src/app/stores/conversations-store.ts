import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { BridgeHttpError, type BridgeClient, type Fetched, type ReadOptions } from '../phone-api-client';
import type { AgentJson, AgentRow, ClosedConversationRow, ConversationRow, LayoutWorkspace } from '../../wire/bridge-json';
import type { Starter } from '../../wire/types';
import { keptCopy } from '../offline/kept-copy';
import type { KeptCopies } from '../storage';
import { polled, type PollEnv, type Polled } from './polled';
import { closedWhen, lastActive, newestFirst } from './row-activity';

export interface ConversationsStore {
  agent: ReadonlySignal<AgentRow | null>;
  /** The bridge answered that no durable agent of this name is attached. */
  missing: ReadonlySignal<boolean>;
  /** Open conversations that wait for the person, the most recently active first. */
  needsYou: ReadonlySignal<ConversationRow[]>;
  /** The other open conversations, the most recently active first. */
  open: ReadonlySignal<ConversationRow[]>;
  /** Closed conversations read so far from the agent's history, the most recently closed first. */
  closed: ReadonlySignal<ClosedConversationRow[]>;
  /** More closed conversations can be read. */
  hasMoreClosed: ReadonlySignal<boolean>;
  closedError: ReadonlySignal<boolean>;
  /** Workspaces and tabs, for rename and close. */
  layout: ReadonlySignal<LayoutWorkspace[]>;
  starters: ReadonlySignal<Starter[]>;
  stale: ReadonlySignal<boolean>;
  /** Shows one agent's conversations while the returned cleanup is not called. */
  show(agentName: string): () => void;
  loadMoreClosed(): Promise<void>;
}

export function createConversationsStore(client: BridgeClient, env?: PollEnv, copies?: KeptCopies): ConversationsStore {
  const current = signal<{ name: string; resource: Polled<AgentJson> } | null>(null);
  const data = computed(() => current.value?.resource.data.value ?? null);
  const rows = computed(() => newestFirst(data.value?.conversations ?? [], lastActive));
  const closed = signal<ClosedConversationRow[]>([]);
  const closedNext = signal<string | null | undefined>(undefined); // undefined: not read yet
  const closedError = signal(false);
  const missing = signal(false);
  let loading: Promise<void> | null = null;

  async function loadMoreClosed(): Promise<void> {
    const target = current.peek();
    if (!target || closedNext.peek() === null) return;
    if (loading) return loading;
    loading = (async () => {
      try {
        const page = await client.closed(target.name, closedNext.peek() ?? null);
        if (current.peek() !== target) return;
        const seen = new Set(closed.peek().map((c) => c.id));
        closed.value = [...closed.peek(), ...page.conversations.filter((c) => !seen.has(c.id))];
        closedNext.value = page.next;
        closedError.value = false;
      } catch {
        closedError.value = true; // the history is the agent's: it may be unreachable for now
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  return {
    agent: computed(() => data.value?.agent ?? null),
    missing,
    needsYou: computed(() => rows.value.filter((r) => r.needsYou > 0)),
    open: computed(() => rows.value.filter((r) => r.needsYou === 0)),
    closed: computed(() => newestFirst(closed.value, closedWhen)),
    hasMoreClosed: computed(() => closedNext.value !== null),
    closedError,
    layout: computed(() => data.value?.layout ?? []),
    starters: computed(() => data.value?.starters ?? []),
    stale: computed(() => current.value?.resource.stale.value ?? false),
    show(agentName) {
      const read = async (etag: string | null, options: ReadOptions): Promise<Fetched<AgentJson>> => {
        try {
          const result = await client.agent(agentName, etag, options);
          if (current.peek() === target) missing.value = false;
          return result;
        } catch (err) {
          // An agent that is not attached is an answer from the bridge, not a bridge that is lost.
          if (!(err instanceof BridgeHttpError && err.code === 'no-such-agent')) throw err;
          if (current.peek() === target) missing.value = true;
          return { changed: false, gone: true };
        }
      };
      const copy = copies && keptCopy(copies, JSON.stringify(['agent', agentName]), () => import('../offline/parse-views').then((m) => m.parseAgentView), { hold: env?.hold });
      const resource = polled(read, env, copy);
      const target = { name: agentName, resource };
      current.value = target;
      missing.value = false;
      closed.value = [];
      closedNext.value = undefined;
      closedError.value = false;
      const stop = resource.start();
      return () => {
        stop();
        if (current.peek() === target) current.value = null;
      };
    },
    loadMoreClosed,
  };
}
