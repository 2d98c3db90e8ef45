import { LIMITS } from './limits';
import { codePointBytes } from './utf8';

/**
 * The one cleaner for every string an agent sends (WIRE.md §13, Cleaning):
 *   1. remove controls (C0, DEL, C1) — multi-line fields keep newline and tab;
 *   2. remove invisible and direction characters;
 *   3. cut at a whole character to the limit, ending with `…`.
 * Lone surrogates are not characters; they become U+FFFD so byte counts stay honest.
 */

export const ELLIPSIS = '…';

/** The Unicode tag characters, which can carry a whole sentence nobody sees: written as themselves. */
const TAGS = `${String.fromCodePoint(0xe0000)}-${String.fromCodePoint(0xe007f)}`;

/**
 * What the cleaner removes, as the inside of a regular expression's `[...]`: the one home of
 * these sets, read by the cleaner below and by the JSON Schemas (src/wire/schema).
 */
export const REMOVED_CLASS = {
  /** C0, DEL and C1 controls. */
  controls: '\\u0000-\\u001f\\u007f-\\u009f',
  /** The same, but newline and tab, which multi-line fields keep. */
  controlsKeepLines: '\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f',
  /** Direction marks, overrides and isolates, zero-width characters, word joiner, BOM, tags. */
  invisible: `\\u200e\\u200f\\u061c\\u202a-\\u202e\\u2066-\\u2069\\u200b-\\u200d\\u2060\\ufeff${TAGS}`,
  /** A surrogate half on its own (with the `u` flag, a pair is one character and never matches). */
  loneSurrogate: '\\ud800-\\udfff',
} as const;

const CONTROLS_ALL = new RegExp(`[${REMOVED_CLASS.controls}]`, 'gu');
const CONTROLS_KEEP_LINES = new RegExp(`[${REMOVED_CLASS.controlsKeepLines}]`, 'gu');
const INVISIBLE = new RegExp(`[${REMOVED_CLASS.invisible}]`, 'gu');
const LONE_SURROGATE = new RegExp(`[${REMOVED_CLASS.loneSurrogate}]`, 'gu');

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

/**
 * Each field's limit and whether it keeps lines: the one table the cleaners below and the JSON
 * Schemas (src/wire/schema) both read, so no caller picks limits by hand.
 */
export const FIELD_RULES = {
  title: { maxBytes: LIMITS.titleBytes },
  label: { maxBytes: LIMITS.labelBytes },
  beltLabel: { maxChars: LIMITS.beltLabelChars },
  hostName: { maxBytes: LIMITS.hostNameBytes },
  reason: { maxBytes: LIMITS.reasonBytes, multiline: true },
  itemText: { maxBytes: LIMITS.itemTextBytes, multiline: true },
  richText: { maxBytes: LIMITS.richTextBytes, multiline: true },
  toolOutput: { maxBytes: LIMITS.toolOutputBytes, multiline: true },
  summary: { maxBytes: LIMITS.itemTextBytes, multiline: true },
  line: { maxBytes: LIMITS.titleBytes },
  /** An error code an agent sent, shown as a code (never as a sentence of its own). */
  code: { maxBytes: LIMITS.errorCodeBytes },
} as const satisfies Record<string, CleanOptions>;

export type FieldName = keyof typeof FIELD_RULES;

/** Ready-made cleaners per field. */
export const cleanField = Object.fromEntries(Object.entries(FIELD_RULES).map(([name, rule]) => [name, (s: string) => cleanText(s, rule)])) as Record<
  FieldName,
  (s: string) => Cleaned
>;
