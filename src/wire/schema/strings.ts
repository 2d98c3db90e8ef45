/**
 * The wire's strings as JSON Schema (draft 2020-12), built from the rules' own homes: the limits
 * table, the cleaner's character sets, the id rule, the time and epoch patterns. Patterns are
 * ECMA-262 regular expressions read with the `u` flag (as JSON Schema says; ajv does so).
 *
 * JSON Schema counts `maxLength` in characters; the wire counts most limits in UTF-8 bytes. Every
 * byte limit is therefore written twice: `maxLength` (a bound every validator checks) and
 * `x-maxBytes`, the rule itself, which a validator that does not know the keyword ignores.
 */
import { FIELD_RULES, REMOVED_CLASS, type FieldName } from '../clean';
import { EPOCH_PATTERN } from '../epoch-rule';
import { ID_FORBIDDEN_CLASS, WHITE_SPACE_CLASS } from '../ids';
import { LIMITS } from '../limits';
import { CURSOR_PATTERN } from '../parse-history';
import { MAX_BYTES } from '../schema-keywords';
import { TIME_MAX_CHARS, TIME_PATTERN } from '../read';

export type Schema = { [keyword: string]: unknown };

const bytes = (limit: number): Schema => ({ maxLength: limit, [MAX_BYTES]: limit });

/** Characters the cleaner would remove from a field of this kind. */
const removed = (multiline: boolean) => `${multiline ? REMOVED_CLASS.controlsKeepLines : REMOVED_CLASS.controls}${REMOVED_CLASS.invisible}${REMOVED_CLASS.loneSurrogate}`;

/**
 * A display string the bridge keeps exactly as sent: nothing the cleaner removes, within its
 * field's limit. `nonEmpty` where an empty one is dropped or replaced (a label, a pane title).
 */
export function text(field: FieldName, options: { nonEmpty?: boolean } = {}): Schema {
  const rule: { maxBytes?: number; maxChars?: number; multiline?: boolean } = FIELD_RULES[field];
  const limit = rule.maxBytes !== undefined ? bytes(rule.maxBytes) : { maxLength: rule.maxChars };
  return { type: 'string', ...(options.nonEmpty ? { minLength: 1 } : {}), ...limit, pattern: `^[^${removed(rule.multiline === true)}]*$` };
}

/** The id rule: 1–128 bytes, no control, no white space, none of `/ ? #`, not `.` or `..`. */
export const id: Schema = { type: 'string', minLength: 1, ...bytes(LIMITS.idBytes), pattern: `^[^${ID_FORBIDDEN_CLASS}]+$`, not: { enum: ['.', '..'] } };

/** ISO 8601 with a zone, at most 64 characters. */
export const time: Schema = { type: 'string', maxLength: TIME_MAX_CHARS, pattern: TIME_PATTERN };

export const epoch: Schema = { type: 'string', pattern: EPOCH_PATTERN };

/** A safe non-negative integer (seq, cursor, rev, queued). */
export const count: Schema = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER };

/** A history cursor: 1–512 bytes of printable ASCII without spaces. */
export const historyCursor: Schema = { type: 'string', minLength: 1, maxLength: LIMITS.cursorBytes, pattern: CURSOR_PATTERN };

const HTTPS = '^[Hh][Tt][Tt][Pp][Ss]://';
/** A link's host before its port: an IPv6 address in brackets, or a name without a colon. */
const HOST = '(\\[[^\\]/?#]*\\]|[^\\[\\]/?#:]*)';

/**
 * A link the phone may open: `https://` with a host right after it, no user or password, no white
 * space, control, invisible character or backslash, a port of at most 65535, at most 2048
 * characters. What a pattern cannot say: the address must also parse as a URL (WHATWG) with a
 * host (a malformed IPv6 address, a percent-escape or a name IDNA refuses).
 */
export const linkUrl: Schema = {
  type: 'string',
  minLength: 1,
  maxLength: LIMITS.linkUrlChars,
  pattern: `${HTTPS}[^/\\\\${WHITE_SPACE_CLASS}${removed(false)}][^\\\\${WHITE_SPACE_CLASS}${removed(false)}]*$`,
  not: {
    anyOf: [
      // A user or password.
      { pattern: `${HTTPS}[^/?#]*@` },
      // A port over 65535 (leading zeros do not count), or one that is not digits.
      { pattern: `${HTTPS}${HOST}:0*([1-9][0-9]{5,}|[7-9][0-9]{4}|6[6-9][0-9]{3}|65[6-9][0-9]{2}|655[4-9][0-9]|6553[6-9])([/?#]|$)` },
      { pattern: `${HTTPS}${HOST}:[0-9]*[^0-9/?#]` },
      // A character no host may hold (WHATWG's forbidden host code points the rules above leave).
      { pattern: `${HTTPS}[^/?#]*[<>^|]` },
    ],
  },
};

/** Text the phone sends (send, steer): something besides white space, 1–32768 bytes. */
export const sendText: Schema = { type: 'string', minLength: 1, ...bytes(LIMITS.sendTextBytes), pattern: `[^${WHITE_SPACE_CLASS}]` };

/** A new title (rename): something besides white space and removed characters, at most 256 bytes. */
export const newTitle: Schema = { type: 'string', minLength: 1, ...bytes(LIMITS.titleBytes), pattern: `[^${WHITE_SPACE_CLASS}${removed(false)}]` };

export const nullOr = (schema: Schema): Schema => ({ anyOf: [{ type: 'null' }, schema] });
export const ref = (name: string): Schema => ({ $ref: `#/$defs/${name}` });
export const list = (items: Schema, maxItems: number, minItems = 0): Schema => ({ type: 'array', ...(minItems > 0 ? { minItems } : {}), maxItems, items });
export const oneOfStrings = (values: readonly string[]): Schema => ({ type: 'string', enum: [...values] });

/** An object with these required fields; `optional` adds the rest. Unknown fields are allowed (a reader ignores them). */
export function object(required: Record<string, Schema>, optional: Record<string, Schema> = {}): Schema {
  return { type: 'object', required: Object.keys(required), properties: { ...required, ...optional } };
}
