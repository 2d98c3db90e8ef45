import type { ReadonlySignal } from '@preact/signals';
import { BridgeHttpError, type BridgeClient } from '../bridge-client';
import type { AskReply, AskRequest, PhoneAsk } from '../../wire/bridge-json';
import type { Answer } from '../../wire/types';
import type { Storage } from '../storage';
import type { CardStatus } from '../views/ask-cards/card-props';
import { createIntentLedger, type Intent } from './intent-ledger';

export type AnswerIntent = Intent<AskRequest, AskReply>;

export const INTENTS_KEY = 'collie.intents.v1';

export interface IntentsStore {
  /** The latest answer intent per ask id. */
  byAsk: ReadonlySignal<Record<string, AnswerIntent>>;
  statusOf(askId: string): CardStatus;
  canRetry(askId: string): boolean;
  answer(agent: string, paneId: string, ask: PhoneAsk, answer: Answer, secondTap: boolean): Promise<AskReply | null>;
  /** `Try again`: the same request id, once. */
  retry(askId: string): Promise<AskReply | null>;
}

/** Answers to ask cards, on the phone's one request-id ledger, keyed by ask id. */
export function createIntentsStore(client: BridgeClient, storage: Storage, now: () => number = Date.now): IntentsStore {
  const ledger = createIntentLedger<AskRequest, AskReply>({
    storageKey: INTENTS_KEY,
    storage,
    now,
    send: (request, askId) => client.answer(askId, request),
    isUnknown: (reply) => reply.outcome === 'unknown',
    unknownReply: { outcome: 'unknown' },
    fromError: (err) => (err instanceof BridgeHttpError && err.status < 500 ? { error: err.message } : 'unknown'),
    // Typed answers (text, form values) stay on the phone only while a Try again may need them.
    scrub: (request) => ('optionIds' in request.answer ? request : { ...request, answer: { text: '' } }),
  });

  return {
    byAsk: ledger.byKey,
    statusOf(askId) {
      const intent = ledger.intentOf(askId);
      if (!intent) return { phase: 'idle' };
      if (intent.state === 'sending') return { phase: 'sending' };
      if (intent.state === 'failed') return { phase: 'refused', reason: intent.error ?? '' };
      // After the one Try again, an outcome still unknown may have been applied: never a third send.
      if (intent.state === 'unknown' && intent.tries === 2) return { phase: 'done', outcome: 'maybe-applied' };
      return { phase: 'done', outcome: intent.reply?.outcome ?? 'unknown' };
    },
    canRetry: (askId) => ledger.canRetry(askId),
    answer(agent, paneId, ask, answer, secondTap) {
      return ledger.submit(ask.id, (requestId) => ({ agent, paneId, requestId, hash: ask.hash, answer, secondTap }));
    },
    retry: (askId) => ledger.retry(askId),
  };
}
