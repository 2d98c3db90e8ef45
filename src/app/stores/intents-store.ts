import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { BridgeHttpError, type BridgeClient } from '../bridge-client';
import type { AskOutcome, AskReply, PhoneAsk } from '../../wire/bridge-json';
import { isRecord } from '../../wire/read';
import type { Answer } from '../../wire/types';
import { mintRequestId } from '../request-id';
import type { Storage } from '../storage';
import type { CardStatus } from '../views/ask-cards/card-props';

/** One tap's intent: minted once, saved before the first send, sent at most twice. */
export interface AnswerIntent {
  requestId: string;
  agent: string;
  paneId: string;
  askId: string;
  hash: string;
  answer: Answer;
  secondTap: boolean;
  tries: 1 | 2;
  state: 'sending' | 'unknown' | 'done' | 'refused';
  outcome?: AskOutcome;
  reason?: string;
  at: number;
}

export const INTENTS_KEY = 'collie.intents.v1';
/** Intents older than this are forgotten (their cards are long gone). */
export const INTENT_MEMORY_MS = 24 * 60 * 60 * 1000;

export interface IntentsStore {
  /** The latest intent per ask id. */
  byAsk: ReadonlySignal<Record<string, AnswerIntent>>;
  statusOf(askId: string): CardStatus;
  canRetry(askId: string): boolean;
  answer(agent: string, paneId: string, ask: PhoneAsk, answer: Answer, secondTap: boolean): Promise<AskReply | null>;
  /** `Try again`: the same request id, once. */
  retry(askId: string): Promise<AskReply | null>;
}

function parseIntents(raw: unknown): Record<string, AnswerIntent> | null {
  if (!isRecord(raw)) return null;
  const out: Record<string, AnswerIntent> = {};
  for (const [id, value] of Object.entries(raw)) {
    if (isRecord(value) && value.requestId === id && typeof value.askId === 'string') out[id] = value as unknown as AnswerIntent;
  }
  return out;
}

export function createIntentsStore(client: BridgeClient, storage: Storage, now: () => number = Date.now): IntentsStore {
  const loaded = storage.read(INTENTS_KEY, parseIntents) ?? {};
  const intents = signal<Record<string, AnswerIntent>>({});
  // A send that a reload or a lost page interrupted has an unknown outcome: offer Try again.
  const restored: Record<string, AnswerIntent> = {};
  for (const intent of Object.values(loaded)) {
    if (now() - intent.at > INTENT_MEMORY_MS) continue;
    restored[intent.requestId] = intent.state === 'sending' ? { ...intent, state: 'unknown', outcome: 'unknown' } : intent;
  }
  intents.value = restored;

  const save = (intent: AnswerIntent) => {
    intents.value = { ...intents.peek(), [intent.requestId]: intent };
    storage.write(INTENTS_KEY, intents.peek());
  };

  const byAsk = computed(() => {
    const latest: Record<string, AnswerIntent> = {};
    for (const intent of Object.values(intents.value)) {
      const seen = latest[intent.askId];
      if (!seen || seen.at <= intent.at) latest[intent.askId] = intent;
    }
    return latest;
  });

  async function send(intent: AnswerIntent): Promise<AskReply | null> {
    save(intent); // kept before the request leaves, so a reload can still offer Try again
    try {
      const reply = await client.answer(intent.askId, {
        agent: intent.agent,
        paneId: intent.paneId,
        requestId: intent.requestId,
        hash: intent.hash,
        answer: intent.answer,
        secondTap: intent.secondTap,
      });
      const unknown = reply.outcome === 'unknown';
      save({ ...intent, state: unknown ? 'unknown' : 'done', outcome: reply.outcome });
      return reply;
    } catch (err) {
      if (err instanceof BridgeHttpError && err.status < 500) {
        save({ ...intent, state: 'refused', reason: err.message });
      } else {
        save({ ...intent, state: 'unknown', outcome: 'unknown' }); // the bridge may have passed it on
      }
      return null;
    }
  }

  return {
    byAsk,
    statusOf(askId) {
      const intent = byAsk.value[askId];
      if (!intent) return { phase: 'idle' };
      if (intent.state === 'sending') return { phase: 'sending' };
      if (intent.state === 'refused') return { phase: 'refused', reason: intent.reason ?? '' };
      // After the one Try again, an outcome still unknown may have been applied: never a third send.
      if (intent.state === 'unknown' && intent.tries === 2) return { phase: 'done', outcome: 'maybe-applied' };
      return { phase: 'done', outcome: intent.outcome ?? 'unknown' };
    },
    canRetry(askId) {
      const intent = byAsk.value[askId];
      return intent?.state === 'unknown' && intent.tries === 1;
    },
    async answer(agent, paneId, ask, answer, secondTap) {
      if (byAsk.peek()[ask.id]?.state === 'sending') return null; // a double tap sends one request
      return send({ requestId: mintRequestId(), agent, paneId, askId: ask.id, hash: ask.hash, answer, secondTap, tries: 1, state: 'sending', at: now() });
    },
    async retry(askId) {
      const intent = byAsk.peek()[askId];
      if (!intent || intent.state !== 'unknown' || intent.tries !== 1) return null;
      return send({ ...intent, tries: 2, state: 'sending', at: now() });
    },
  };
}
