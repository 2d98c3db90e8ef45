import { cleanText } from '../wire/clean';
import { LIMITS } from '../wire/limits';
import { utf8Length } from '../wire/utf8';

/**
 * A string argument longer than this is cut on the card (above the wire's own per-string limit,
 * so the bridge marks the card "Text shortened" too); the tool still gets the whole argument.
 * One rule for every entry point's cards (Pi's, an ACP agent's).
 */
export const CARD_STRING_BYTES = 2 * LIMITS.reasonBytes;

/** The tool's input as the card shows it: each long string cut, each list kept to the wire's entries; `cut` says whether anything was. */
export function cardInput(input: unknown): { input: unknown; cut: boolean } {
  let cut = false;
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') {
      if (utf8Length(value) <= CARD_STRING_BYTES) return value;
      cut = true;
      return cleanText(value, { maxBytes: CARD_STRING_BYTES, multiline: true }).text;
    }
    if (value === null || typeof value !== 'object') return value;
    if (depth >= LIMITS.toolInputDepth) return ((cut = true), null);
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value as Record<string, unknown>);
    if (entries.length > LIMITS.toolInputEntries) cut = true;
    const kept = entries.slice(0, LIMITS.toolInputEntries).map(([key, v]) => [key, walk(v, depth + 1)] as const);
    return Array.isArray(value) ? kept.map(([, v]) => v) : Object.fromEntries(kept);
  };
  const shown = walk(input, 0);
  return { input: shown, cut };
}
