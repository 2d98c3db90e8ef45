import { signal, type ReadonlySignal } from '@preact/signals';
import { isRecord } from '../../wire/read';
import type { Storage } from '../storage';
import { ANSWERS_GIVEN_KEY } from './answers-given-key';
import { parseGivenAnswer, type GivenAnswer } from './given-answer';

// The chunk the intents store loads when a chat first reads what was answered: the shaping comes with it.
export { givenAnswer } from './given-answer';

/** Answers kept at most, and for at most this long: enough for the chats a person scrolls back through. */
export const ANSWER_MEMORY = 200;
export const ANSWER_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

/** What this phone answered, by `askKey(agent, askId)`, for the chat to show back (given-answer.ts). */
export interface AnswersGiven {
  byAsk: ReadonlySignal<Record<string, GivenAnswer>>;
  remember(key: string, given: GivenAnswer): void;
  /** The answer was not taken (refused, too late, decided elsewhere): a line for the ask is not this one. */
  forget(key: string): void;
  /** Forgets every answer: the phone was unpaired. */
  clear(): void;
}

function parseAll(raw: unknown): Record<string, GivenAnswer> | null {
  if (!isRecord(raw)) return null;
  // fromEntries: every key an own property, whatever a hand-edited value names.
  return Object.fromEntries(
    Object.entries(raw).flatMap(([key, value]) => {
      const given = parseGivenAnswer(value);
      return given ? [[key, given] as const] : [];
    }),
  );
}

/** Kept on the phone only, in durable browser storage, the newest `ANSWER_MEMORY` for `ANSWER_MEMORY_MS`. */
export function createAnswersGiven(storage: Storage, now: () => number = Date.now): AnswersGiven {
  const fresh = (all: Record<string, GivenAnswer>) =>
    Object.fromEntries(
      Object.entries(all)
        .filter(([, given]) => now() - given.at <= ANSWER_MEMORY_MS)
        .sort(([, a], [, b]) => b.at - a.at)
        .slice(0, ANSWER_MEMORY),
    );
  const byAsk = signal(fresh(storage.read(ANSWERS_GIVEN_KEY, parseAll) ?? {}));
  const keep = (all: Record<string, GivenAnswer>) => {
    byAsk.value = fresh(all);
    storage.write(ANSWERS_GIVEN_KEY, byAsk.peek());
  };
  return {
    byAsk,
    remember: (key, given) => keep({ ...byAsk.peek(), [key]: given }),
    forget(key) {
      if (!(key in byAsk.peek())) return;
      const { [key]: _, ...rest } = byAsk.peek();
      keep(rest);
    },
    clear: () => keep({}),
  };
}
