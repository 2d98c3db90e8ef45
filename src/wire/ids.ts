import { LIMITS } from './limits';
import { utf8Length } from './utf8';

// Controls (C0, DEL, C1), any white space, and the three URL-structural characters.
const FORBIDDEN_IN_ID = /[\u0000-\u001f\u007f-\u009f\s/?#]/u;

/**
 * The id rule (WIRE.md §10): 1–128 bytes, no controls, no white space, none of `/ ? #`, and
 * not `.` or `..` (every URL layer would read those as dot segments, so an id that is one could
 * never be named in a path). Ids are never cleaned or cut; an object whose id breaks the rule is
 * dropped.
 */
export function isValidId(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value === '.' || value === '..') return false;
  if (FORBIDDEN_IN_ID.test(value)) return false;
  if (hasLoneSurrogate(value)) return false;
  return utf8Length(value) <= LIMITS.idBytes;
}

function hasLoneSurrogate(value: string): boolean {
  return /\p{Surrogate}/u.test(value);
}
