import { LIMITS } from './limits';
import { utf8Length } from './utf8';

/**
 * What an id may not hold, as the inside of `[...]`: controls (C0, DEL, C1), white space (the set
 * JavaScript's `\s` and `trim` use, spelled out so a JSON Schema means the same in any language),
 * the three URL-structural characters, and lone surrogate halves. The JSON Schemas read it too.
 */
export const WHITE_SPACE_CLASS = '\\u0009-\\u000d\\u0020\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
export const ID_FORBIDDEN_CLASS = `\\u0000-\\u001f\\u007f-\\u009f${WHITE_SPACE_CLASS}/?#\\ud800-\\udfff`;
const FORBIDDEN_IN_ID = new RegExp(`[${ID_FORBIDDEN_CLASS}]`, 'u');

/**
 * The id rule (WIRE.md §13): 1–128 bytes, no controls, no white space, none of `/ ? #`, and
 * not `.` or `..` (every URL layer would read those as dot segments, so an id that is one could
 * never be named in a path). Ids are never cleaned or cut; an object whose id breaks the rule is
 * dropped.
 */
export function isValidId(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value === '.' || value === '..') return false;
  if (FORBIDDEN_IN_ID.test(value)) return false;
  return utf8Length(value) <= LIMITS.idBytes;
}
