import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { triesLeft } from '../../wire/tries';
import { BridgeHttpError, type BridgeClient } from '../phone-api-client';
import type { PhoneAsk } from '../../wire/bridge-json';
import type { AskOutcome, AskReply, AskRequest } from '../../wire/write-json';
import { askKey } from '../../wire/ask-key';
import type { Answer } from '../../wire/types';
import type { Storage } from '../storage';
import type { AnswersGiven } from './answers-given';
import { ANSWERS_GIVEN_KEY } from './answers-given-key';
import type { CardStatus } from './card-status';
import type { Outage } from './connection-store';
import type { givenAnswer, GivenAnswer } from './given-answer';
import { createIntentLedger, type Intent } from './intent-ledger';
import { conversationOf, createWriteQueue, type WriteQueue } from './write-queue';

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
  /** What this phone answered, by `askKey`, for the chat to show back: kept unless it was not taken. */
  given: ReadonlySignal<Record<string, GivenAnswer>>;
  /** Forgets what this phone answered: it was unpaired. */
  forgetGiven(): void;
  /** An answer pressed on a notification (push/press-intents.ts): the card shows how it went. */
  adopt(intent: AnswerIntent): void;
}

/** Outcomes that say the answer did not reach the agent: what was answered is not shown back. */
const NOT_TAKEN = new Set<AskOutcome>(['busy', 'stale', 'decided-in-agent', 'timed-out', 'already-answered', 'too-late', 'not-sent']);

/** Answers to ask cards, on the phone's one request-id ledger, keyed by agent and ask id. */
export function createIntentsStore(
  client: BridgeClient,
  storage: Storage,
  now: () => number = Date.now,
  online?: () => boolean,
  outage: () => Outage | null = () => (online && !online() ? { since: -Infinity, bridge: false } : null),
  inTurn: WriteQueue = createWriteQueue(),
): IntentsStore {
  const ledger = createIntentLedger<AnswerSend, AskReply>({
    ...(online ? { online } : {}),
    storageKey: INTENTS_KEY,
    storage,
    now,
    send: ({ askId, body }) => inTurn(conversationOf(body.agent, body.paneId), () => client.answer(askId, body)),
    isUnknown: (reply) => reply.outcome === 'unknown',
    isUnsent: (reply) => reply.outcome === 'not-sent',
    unknownReply: { outcome: 'unknown' },
    // The bridge's refusal is kept as its code: the card words it in the phone's language.
    fromError: (err) => (err instanceof BridgeHttpError && err.status < 500 ? { error: err.code } : 'unknown'),
    // Typed answers (text, form values) stay on the phone only while a Try again may need them.
    scrub: (send) => ('optionIds' in send.body.answer ? send : { ...send, body: { ...send.body, answer: { text: '' } } }),
  });

  // What this phone answered is read only in a chat: its code (with the wire's cleaning it uses)
  // loads then, off the first screen. Every use waits for it in turn, so a forget follows its remember.
  const shownGiven = signal<Record<string, GivenAnswer>>({});
  let memory: Promise<{ kept: AnswersGiven; shape: typeof givenAnswer }> | undefined;
  const withMemory = (use: (kept: AnswersGiven, shape: typeof givenAnswer) => void) => {
    memory ??= import('./answers-given').then(({ createAnswersGiven, givenAnswer: shape }) => {
      const kept = createAnswersGiven(storage, now);
      kept.byAsk.subscribe((all) => (shownGiven.value = all));
      return { kept, shape };
    });
    void memory.then(({ kept, shape }) => use(kept, shape));
  };
  const given = computed(() => {
    withMemory(() => {}); // read: load what was kept
    return shownGiven.value;
  });
  /** An answer that may have been taken is shown back; one that was not is forgotten. */
  const settle = (key: string, reply: AskReply | null, sent: boolean) => {
    if (reply ? NOT_TAKEN.has(reply.outcome) : !sent) withMemory((kept) => kept.forget(key));
    return reply;
  };

  return {
    byAsk: ledger.byKey,
    given,
    adopt: (intent) => ledger.adopt(intent),
    // Unpaired before any chat read it: the kept answers are emptied without loading their code.
    forgetGiven: () => (memory ? withMemory((kept) => kept.clear()) : void storage.write(ANSWERS_GIVEN_KEY, {})),
    statusOf(agent, askId) {
      // Said only through the outage the tap met: once taps go out again, the card is as it was.
      const tapped = ledger.offlineAt(askKey(agent, askId));
      const now = outage();
      if (tapped !== undefined && now && tapped >= now.since) return { phase: 'offline', bridge: now.bridge };
      const intent = ledger.intentOf(askKey(agent, askId));
      if (!intent) return { phase: 'idle' };
      if (intent.state === 'sending') return { phase: 'sending' };
      if (intent.state === 'failed') return { phase: 'refused', reason: intent.error ?? '' };
      // After the one Try again, an outcome still unknown may have been applied: never a third send.
      if (intent.state === 'unknown' && !triesLeft(intent.tries)) return { phase: 'done', outcome: 'maybe-applied' };
      return { phase: 'done', outcome: intent.reply?.outcome ?? 'unknown' };
    },
    canRetry: (agent, askId) => ledger.canRetry(askKey(agent, askId)),
    async answer(agent, paneId, ask, answer, secondTap) {
      const key = askKey(agent, ask.id);
      if (ledger.intentOf(key)?.state === 'sending') return null; // a double tap: the first tap's answer stands
      // Kept before it is sent, so the chat's line can show it the moment it comes.
      const at = now();
      withMemory((kept, shape) => kept.remember(key, shape(ask, answer, at)));
      const reply = await ledger.submit(key, (requestId) => ({ askId: ask.id, body: { agent, paneId, requestId, hash: ask.hash, answer, secondTap } }));
      // No reply: offline, or refused by the bridge; nothing reached the agent.
      return settle(key, reply, false);
    },
    async retry(agent, askId) {
      const key = askKey(agent, askId);
      // No reply: nothing was sent this time; the first send may still have been taken.
      return settle(key, await ledger.retry(key), true);
    },
  };
}
