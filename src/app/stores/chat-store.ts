import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { BridgeHttpError, type BridgeClient } from '../bridge-client';
import type { AskOutcome, ChatJson, PhoneAsk } from '../../wire/bridge-json';
import type { Answer } from '../../wire/types';
import { mintRequestId } from '../request-id';
import { polled, type Connection, type PollEnv, type Polled } from './polled';

/** What a card shows after a tap. */
export type CardState =
  | { phase: 'sending' }
  | { phase: 'done'; outcome: AskOutcome }
  | { phase: 'refused'; reason: string };

export interface ChatStore {
  chat: ReadonlySignal<ChatJson | null>;
  /** Open asks still to show: a taken ask leaves at once, before the next read confirms it. */
  asks: ReadonlySignal<PhoneAsk[]>;
  cards: ReadonlySignal<Record<string, CardState>>;
  connection: ReadonlySignal<Connection>;
  show(agent: string, paneId: string): () => void;
  answer(ask: PhoneAsk, answer: Answer): Promise<void>;
}

export function createChatStore(client: BridgeClient, env?: PollEnv): ChatStore {
  const current = signal<{ agent: string; paneId: string; resource: Polled<ChatJson> } | null>(null);
  const cards = signal<Record<string, CardState>>({});
  const chat = computed(() => current.value?.resource.data.value ?? null);
  const setCard = (askId: string, state: CardState) => {
    cards.value = { ...cards.value, [askId]: state };
  };

  return {
    chat,
    asks: computed(() => {
      const states = cards.value;
      return (chat.value?.asks ?? []).filter((ask) => {
        const state = states[ask.id];
        return !(state?.phase === 'done' && state.outcome === 'taken');
      });
    }),
    cards,
    connection: computed(() => current.value?.resource.connection.value ?? 'connecting'),
    show(agent, paneId) {
      const resource = polled((etag) => client.chat(agent, paneId, etag), env);
      current.value = { agent, paneId, resource };
      cards.value = {};
      const stop = resource.start();
      return () => {
        stop();
        if (current.peek()?.resource === resource) current.value = null;
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
