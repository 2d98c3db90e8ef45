import { LIMITS } from './limits';
import { codePointBytes } from './utf8';

/**
 * The one cleaner for every string an agent sends (bridge.md §5):
 *   1. remove controls (C0, DEL, C1) — multi-line fields keep newline and tab;
 *   2. remove invisible and direction characters;
 *   3. cut at a whole character to the limit, ending with `…`.
 * Lone surrogates are not characters; they become U+FFFD so byte counts stay honest.
 */

export const ELLIPSIS = '…';

const CONTROLS_ALL = /[\u0000-\u001f\u007f-\u009f]/gu;
const CONTROLS_KEEP_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/gu;
const INVISIBLE = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\ufeff\u{e0000}-\u{e007f}]/gu;
const LONE_SURROGATE = /\p{Surrogate}/gu;

/** True when the text holds a character the cleaner would remove (a control, an invisible or direction mark). */
export function hasRemovedCharacter(text: string, options: { multiline?: boolean } = {}): boolean {
  const controls = options.multiline ? CONTROLS_KEEP_LINES : CONTROLS_ALL;
  return new RegExp(controls.source, 'u').test(text) || new RegExp(INVISIBLE.source, 'u').test(text) || new RegExp(LONE_SURROGATE.source, 'u').test(text);
}

export interface CleanOptions {
  /** Byte limit (UTF-8), the result never exceeds it. */
  maxBytes?: number;
  /** Character (code point) limit, for belt labels. */
  maxChars?: number;
  /** Keep newline and tab (item text, tool output and summary, an ask's reason). */
  multiline?: boolean;
}

export interface Cleaned {
  text: string;
  /** True when anything was removed or cut. */
  changed: boolean;
}

export function cleanText(input: string, options: CleanOptions = {}): Cleaned {
  const stripped = input
    .replace(LONE_SURROGATE, '\ufffd')
    .replace(options.multiline ? CONTROLS_KEEP_LINES : CONTROLS_ALL, '')
    .replace(INVISIBLE, '');
  const cut = cutToLimit(stripped, options.maxBytes ?? Infinity, options.maxChars ?? Infinity);
  return { text: cut, changed: cut !== input };
}

/** Shorthand when the caller needs only the text. */
export function clean(input: string, options: CleanOptions = {}): string {
  return cleanText(input, options).text;
}

function cutToLimit(text: string, maxBytes: number, maxChars: number): string {
  if (maxBytes === Infinity && maxChars === Infinity) return text;
  const ellipsisBytes = codePointBytes(ELLIPSIS.codePointAt(0) ?? 0);
  let bytes = 0;
  let chars = 0;
  // End (in UTF-16 units) of the longest prefix that still leaves room for the ellipsis.
  let roomyEnd = 0;
  let index = 0;
  for (const ch of text) {
    const size = codePointBytes(ch.codePointAt(0) ?? 0);
    if (bytes + size > maxBytes || chars + 1 > maxChars) {
      return text.slice(0, roomyEnd) + ELLIPSIS;
    }
    bytes += size;
    chars += 1;
    index += ch.length;
    if (bytes + ellipsisBytes <= maxBytes && chars + 1 <= maxChars) roomyEnd = index;
  }
  return text;
}

/** Ready-made cleaners per field, so no caller picks limits by hand. */
export const cleanField = {
  title: (s: string) => cleanText(s, { maxBytes: LIMITS.titleBytes }),
  label: (s: string) => cleanText(s, { maxBytes: LIMITS.labelBytes }),
  beltLabel: (s: string) => cleanText(s, { maxChars: LIMITS.beltLabelChars }),
  hostName: (s: string) => cleanText(s, { maxBytes: LIMITS.hostNameBytes }),
  reason: (s: string) => cleanText(s, { maxBytes: LIMITS.reasonBytes, multiline: true }),
  itemText: (s: string) => cleanText(s, { maxBytes: LIMITS.itemTextBytes, multiline: true }),
  richText: (s: string) => cleanText(s, { maxBytes: LIMITS.richTextBytes, multiline: true }),
  toolOutput: (s: string) => cleanText(s, { maxBytes: LIMITS.toolOutputBytes, multiline: true }),
  summary: (s: string) => cleanText(s, { maxBytes: LIMITS.itemTextBytes, multiline: true }),
  line: (s: string) => cleanText(s, { maxBytes: LIMITS.titleBytes }),
  /** An error code an agent sent, shown as a code (never as a sentence of its own). */
  code: (s: string) => cleanText(s, { maxBytes: LIMITS.errorCodeBytes }),
} as const;
