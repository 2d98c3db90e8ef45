import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { BridgeHttpError, type BridgeClient, type Fetched, type ReadOptions } from '../bridge-client';
import type { AskReply, ChatEntry, ChatJson, PhoneAsk } from '../../wire/bridge-json';
import type { Answer } from '../../wire/types';
import type { CardStatus } from '../views/ask-cards/card-props';
import type { IntentsStore } from './intents-store';
import { polled, type PollEnv, type Polled } from './polled';
import { reuseUnchanged } from './reuse-unchanged';

/** How long a card stays to say why a tap was not taken, after its question left the chat. */
export const SETTLED_CARD_MS = 8000;
const SETTLED_OUTCOMES = new Set(['decided-in-agent', 'timed-out', 'already-answered', 'too-late', 'maybe-applied']);

export interface ChatStore {
  chat: ReadonlySignal<ChatJson | null>;
  /** The chat's entries; an entry that did not change stays the same object between reads. */
  entries: ReadonlySignal<ChatEntry[]>;
  /**
   * Open asks to show: a taken ask leaves at once, before the next read confirms it; an ask the
   * bridge found changed (stale) shows its new version at once.
   */
  asks: ReadonlySignal<PhoneAsk[]>;
  statusOf(askId: string): CardStatus;
  canRetry(askId: string): boolean;
  stale: ReadonlySignal<boolean>;
  /** The pane is not open (any more): closed, or never there. */
  missing: ReadonlySignal<boolean>;
  show(agent: string, paneId: string): () => void;
  answer(ask: PhoneAsk, answer: Answer, options?: { secondTap: boolean }): Promise<void>;
  retry(askId: string): Promise<void>;
}

export function createChatStore(client: BridgeClient, intents: IntentsStore, env?: PollEnv): ChatStore {
  const current = signal<{ agent: string; paneId: string; resource: Polled<ChatJson> } | null>(null);
  const changed = signal<Record<string, PhoneAsk>>({});
  /** Cards whose tap ended without the answer being taken stay a while to say why. */
  const settled = signal<Record<string, PhoneAsk>>({});
  const missing = signal(false);
  const chat = computed(() => current.value?.resource.data.value ?? null);
  let drawn: ChatEntry[] = [];
  const entries = computed(() => {
    drawn = reuseUnchanged(drawn, chat.value?.entries ?? []);
    return drawn;
  });
  const afterReply = async (target: { resource: Polled<ChatJson> }, ask: PhoneAsk, reply: AskReply | null) => {
    if (reply?.outcome === 'stale' && reply.ask) changed.value = { ...changed.peek(), [reply.ask.id]: reply.ask };
    if (reply && SETTLED_OUTCOMES.has(reply.outcome)) {
      settled.value = { ...settled.peek(), [ask.id]: ask };
      setTimeout(() => {
        const { [ask.id]: _, ...rest } = settled.peek();
        settled.value = rest;
      }, SETTLED_CARD_MS);
    }
    await target.resource.refresh();
  };

  const asks = computed(() => {
    const latest = intents.byAsk.value;
    const newer = changed.value;
    const open = (chat.value?.asks ?? [])
      .filter((ask) => !(latest[ask.id]?.state === 'done' && latest[ask.id]?.reply?.outcome === 'taken'))
      .map((ask) => {
        const seen = newer[ask.id];
        return seen && seen.revision > ask.revision ? seen : ask;
      });
    const shown = new Set(open.map((ask) => ask.id));
    return [...open, ...Object.values(settled.value).filter((ask) => !shown.has(ask.id))];
  });

  return {
    chat,
    entries,
    asks,
    statusOf: (askId) => intents.statusOf(askId),
    canRetry: (askId) => intents.canRetry(askId),
    stale: computed(() => current.value?.resource.stale.value ?? false),
    missing,
    show(agent, paneId) {
      const read = async (etag: string | null, options: ReadOptions): Promise<Fetched<ChatJson>> => {
        try {
          const result = await client.chat(agent, paneId, etag, options);
          missing.value = false;
          return result;
        } catch (err) {
          // A pane that is gone is an answer, not a lost bridge: say so instead of retrying as stale.
          if (err instanceof BridgeHttpError && err.code === 'no-such-pane') {
            missing.value = true;
            return { changed: false, gone: true };
          }
          throw err;
        }
      };
      const resource = polled(read, env);
      const target = { agent, paneId, resource };
      current.value = target;
      changed.value = {};
      settled.value = {};
      missing.value = false;
      drawn = [];
      const stop = resource.start();
      return () => {
        stop();
        if (current.peek() === target) current.value = null;
      };
    },
    async answer(ask, answer, options = { secondTap: false }) {
      const target = current.peek();
      if (!target) return;
      await afterReply(target, ask, await intents.answer(target.agent, target.paneId, ask, answer, options.secondTap));
    },
    async retry(askId) {
      const target = current.peek();
      if (!target) return;
      const ask = asks.peek().find((a) => a.id === askId);
      if (ask) await afterReply(target, ask, await intents.retry(askId));
    },
  };
}
