import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { BridgeHttpError, type BridgeClient, type Fetched, type ReadOptions } from '../bridge-client';
import type { AskOutcome, ChatEntry, ChatJson, PhoneAsk } from '../../wire/bridge-json';
import type { Answer } from '../../wire/types';
import { mintRequestId } from '../request-id';
import { polled, type PollEnv, type Polled } from './polled';
import { reuseUnchanged } from './reuse-unchanged';

/** What a card shows after a tap. */
export type CardState =
  | { phase: 'sending' }
  | { phase: 'done'; outcome: AskOutcome }
  | { phase: 'refused'; reason: string };

export interface ChatStore {
  chat: ReadonlySignal<ChatJson | null>;
  /** The chat's entries; an entry that did not change stays the same object between reads. */
  entries: ReadonlySignal<ChatEntry[]>;
  /** Open asks still to show: a taken ask leaves at once, before the next read confirms it. */
  asks: ReadonlySignal<PhoneAsk[]>;
  cards: ReadonlySignal<Record<string, CardState>>;
  stale: ReadonlySignal<boolean>;
  /** The pane is not open (any more): closed, or never there. */
  missing: ReadonlySignal<boolean>;
  show(agent: string, paneId: string): () => void;
  answer(ask: PhoneAsk, answer: Answer): Promise<void>;
}

export function createChatStore(client: BridgeClient, env?: PollEnv): ChatStore {
  const current = signal<{ agent: string; paneId: string; resource: Polled<ChatJson> } | null>(null);
  const cards = signal<Record<string, CardState>>({});
  const missing = signal(false);
  const chat = computed(() => current.value?.resource.data.value ?? null);
  let drawn: ChatEntry[] = [];
  const entries = computed(() => {
    drawn = reuseUnchanged(drawn, chat.value?.entries ?? []);
    return drawn;
  });
  const setCard = (askId: string, state: CardState) => {
    cards.value = { ...cards.value, [askId]: state };
  };

  return {
    chat,
    entries,
    asks: computed(() => {
      const states = cards.value;
      return (chat.value?.asks ?? []).filter((ask) => {
        const state = states[ask.id];
        return !(state?.phase === 'done' && state.outcome === 'taken');
      });
    }),
    cards,
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
            return { changed: false };
          }
          throw err;
        }
      };
      const resource = polled(read, env);
      const target = { agent, paneId, resource };
      current.value = target;
      cards.value = {};
      missing.value = false;
      drawn = [];
      const stop = resource.start();
      return () => {
        stop();
        if (current.peek() === target) current.value = null;
      };
    },
    async answer(ask, answer) {
      const target = current.peek();
      if (!target || cards.peek()[ask.id]?.phase === 'sending') return;
      setCard(ask.id, { phase: 'sending' });
      try {
        const reply = await client.answer(ask.id, {
          agent: target.agent,
          paneId: target.paneId,
          requestId: mintRequestId(),
          hash: ask.hash,
          answer,
        });
        setCard(ask.id, { phase: 'done', outcome: reply.outcome });
      } catch (err) {
        if (err instanceof BridgeHttpError) setCard(ask.id, { phase: 'refused', reason: err.message });
        else setCard(ask.id, { phase: 'done', outcome: 'unknown' });
      }
      await target.resource.refresh();
    },
  };
}
