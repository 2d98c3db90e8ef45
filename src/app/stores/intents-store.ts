import type { ReadonlySignal } from '@preact/signals';
import { triesLeft } from '../../wire/tries';
import { BridgeHttpError, type BridgeClient } from '../phone-api-client';
import type { AskReply, AskRequest, PhoneAsk } from '../../wire/bridge-json';
import { askKey } from '../../wire/ask-key';
import type { Answer } from '../../wire/types';
import type { Storage } from '../storage';
import type { CardStatus } from './card-status';
import { createIntentLedger, type Intent } from './intent-ledger';

/** What one answer intent sends: the body, and the ask id it is posted to (the key is opaque). */
export interface AnswerSend {
  askId: string;
  body: AskRequest;
}

export type AnswerIntent = Intent<AnswerSend, AskReply>;

/** v2: keyed by agent and ask id. v1 was keyed by ask id alone, which two agents can share. */
export const INTENTS_KEY = 'collie.intents.v2';

export interface IntentsStore {
  /** The latest answer intent per ask, keyed by `askKey(agent, askId)`. */
  byAsk: ReadonlySignal<Record<string, AnswerIntent>>;
  statusOf(agent: string, askId: string): CardStatus;
  canRetry(agent: string, askId: string): boolean;
  answer(agent: string, paneId: string, ask: PhoneAsk, answer: Answer, secondTap: boolean): Promise<AskReply | null>;
  /** `Try again`: the same request id, once. */
  retry(agent: string, askId: string): Promise<AskReply | null>;
}

/** Answers to ask cards, on the phone's one request-id ledger, keyed by agent and ask id. */
export function createIntentsStore(client: BridgeClient, storage: Storage, now: () => number = Date.now, online?: () => boolean): IntentsStore {
  const ledger = createIntentLedger<AnswerSend, AskReply>({
    ...(online ? { online } : {}),
    storageKey: INTENTS_KEY,
    storage,
    now,
    send: ({ askId, body }) => client.answer(askId, body),
    isUnknown: (reply) => reply.outcome === 'unknown',
    unknownReply: { outcome: 'unknown' },
    // The bridge's refusal is kept as its code: the card words it in the phone's language.
    fromError: (err) => (err instanceof BridgeHttpError && err.status < 500 ? { error: err.code } : 'unknown'),
    // Typed answers (text, form values) stay on the phone only while a Try again may need them.
    scrub: (send) => ('optionIds' in send.body.answer ? send : { ...send, body: { ...send.body, answer: { text: '' } } }),
  });

  return {
    byAsk: ledger.byKey,
    statusOf(agent, askId) {
      if (ledger.wasOffline(askKey(agent, askId))) return { phase: 'offline' };
      const intent = ledger.intentOf(askKey(agent, askId));
      if (!intent) return { phase: 'idle' };
      if (intent.state === 'sending') return { phase: 'sending' };
      if (intent.state === 'failed') return { phase: 'refused', reason: intent.error ?? '' };
      // After the one Try again, an outcome still unknown may have been applied: never a third send.
      if (intent.state === 'unknown' && !triesLeft(intent.tries)) return { phase: 'done', outcome: 'maybe-applied' };
      return { phase: 'done', outcome: intent.reply?.outcome ?? 'unknown' };
    },
    canRetry: (agent, askId) => ledger.canRetry(askKey(agent, askId)),
    answer(agent, paneId, ask, answer, secondTap) {
      return ledger.submit(askKey(agent, ask.id), (requestId) => ({ askId: ask.id, body: { agent, paneId, requestId, hash: ask.hash, answer, secondTap } }));
    },
    retry: (agent, askId) => ledger.retry(askKey(agent, askId)),
  };
}
