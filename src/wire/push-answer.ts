/**
 * Which questions may be answered from their notification, and what the push carries for it
 * (docs/phone.md §5). Only a question whose whole answer fits on a button the person reads as the
 * card would show it:
 *
 * - a choice with one answer and at most `PUSH_LIMITS.answerOptions` options, each label short
 *   enough for a button as the agent wrote it, no two alike;
 * - a permission as Allow once and Deny (one option of each effect), the app's words, never the
 *   agent's labels and never allow-always, only when its card shows the tool and its whole input.
 *
 * Never a multi-choice, text or form question, never one whose text was shortened or cleaned (a
 * label included), never on a watch device (the bridge leaves the answer out of its pushes). The
 * answer goes through the card's route and checks: the hash is the card's, so a question changed
 * since the push is `stale` and nothing runs.
 */
import { isAskHash } from './ask-key';
import type { PhoneAsk } from './bridge-json';
import { isValidId } from './ids';
import { PUSH_LIMITS } from './limits';
import { isRecord, str } from './read';
import { showToolInput } from './allow-always';
import type { Option } from './types';

export type PushAnswer =
  /** The options, in the card's order, with the labels the buttons show. */
  | { kind: 'choice'; hash: string; options: Option[] }
  /** The one allow option's id and the one deny option's id. */
  | { kind: 'permission'; hash: string; allow: string; deny: string };

const fitsButton = (label: string) => label.trim() !== '' && [...label].length <= PUSH_LIMITS.answerLabelChars;

/** What a notification needs to answer this ask, or null when it keeps the plain notification. */
export function pushAnswerOf(ask: PhoneAsk): PushAnswer | null {
  if (ask.shortened === true) return null;
  if (ask.kind === 'choice') {
    const { options } = ask;
    if (ask.multiple || options.length === 0 || options.length > PUSH_LIMITS.answerOptions) return null;
    if (!options.every((o) => fitsButton(o.label))) return null;
    // Two buttons that read alike cannot be told apart on a lock screen.
    if (new Set(options.map((o) => o.label.trim().toLowerCase())).size !== options.length) return null;
    return { kind: 'choice', hash: ask.hash, options: options.map(({ id, label }) => ({ id, label })) };
  }
  if (ask.kind === 'permission') {
    if (ask.tool === null || !showToolInput(ask.tool.input).whole) return null;
    const allow = ask.options.filter((o) => o.effect === 'allow');
    const deny = ask.options.filter((o) => o.effect === 'deny');
    if (allow.length !== 1 || deny.length !== 1) return null;
    return { kind: 'permission', hash: ask.hash, allow: allow[0]!.id, deny: deny[0]!.id };
  }
  return null;
}

/** Reads a push's `answer` back in the worker; anything malformed reads as none (the plain notification). */
export function parsePushAnswer(raw: unknown): PushAnswer | null {
  if (!isRecord(raw) || !isAskHash(raw.hash)) return null;
  if (raw.kind === 'permission') {
    if (!isValidId(raw.allow) || !isValidId(raw.deny) || raw.allow === raw.deny) return null;
    return { kind: 'permission', hash: raw.hash, allow: raw.allow, deny: raw.deny };
  }
  if (raw.kind !== 'choice' || !Array.isArray(raw.options)) return null;
  const options: Option[] = [];
  for (const o of raw.options as unknown[]) {
    const label = isRecord(o) ? str(o.label) : undefined;
    if (!isRecord(o) || !isValidId(o.id) || label === undefined || !fitsButton(label)) return null;
    options.push({ id: o.id, label });
  }
  if (options.length === 0 || options.length > PUSH_LIMITS.answerOptions || new Set(options.map((o) => o.id)).size !== options.length) return null;
  return { kind: 'choice', hash: raw.hash, options };
}
