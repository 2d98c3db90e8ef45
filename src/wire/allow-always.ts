import type { Ask } from './types';

/** Tool input longer than this is cut on the card: a phone screen, not a log viewer. */
export const INPUT_SHOWN_CHARS = 1200;

/**
 * A permission card's tool input as monospace text: the `command` alone when that is all the
 * input holds, else the whole input as JSON. `whole` is false when the text had to be cut.
 */
export function showToolInput(input: unknown): { text: string | null; whole: boolean } {
  if (input === null || input === undefined) return { text: null, whole: true };
  if (typeof input === 'object' && !Array.isArray(input)) {
    const entries = Object.entries(input as Record<string, unknown>);
    if (entries.length === 0) return { text: null, whole: true };
    const [only] = entries;
    if (entries.length === 1 && only![0] === 'command' && typeof only![1] === 'string') return { text: only![1], whole: true };
  }
  const json = JSON.stringify(input) ?? '';
  return json.length > INPUT_SHOWN_CHARS ? { text: `${json.slice(0, INPUT_SHOWN_CHARS)}…`, whole: false } : { text: json, whole: true };
}

/**
 * allow-always outlives its question, so it is offered only when the person can see all of what
 * it would allow (docs/phone.md §3): never over TLS with a token, never on a card whose text was
 * shortened or cleaned (its tool input included), never on a card that names no tool. The phone
 * hides it by this rule; the bridge refuses it by the same rule.
 */
export function allowAlwaysOffered(ask: Ask, overToken: boolean): boolean {
  if (ask.kind !== 'permission' || overToken || ask.shortened === true || ask.tool === null) return false;
  return showToolInput(ask.tool.input).whole;
}
