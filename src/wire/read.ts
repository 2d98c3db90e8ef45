/** Small readers for untrusted JSON. They never throw; a wrong type reads as undefined. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Rec = Record<string, unknown>;

export function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function bool(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** A safe non-negative integer. */
export function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/**
 * The wire's time (WIRE.md §5, Times): an ISO 8601 date and time of day with a zone, `Z` or an
 * offset, such as `2026-11-30T10:00:02Z` or `2026-11-30T10:00:02.5+01:00`; seconds and their
 * fraction are optional. The JSON Schemas use this very pattern.
 */
export const TIME_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,9})?)?(Z|[+-]([01][0-9]|2[0-3]):?[0-5][0-9])$';
export const TIME_MAX_CHARS = 64;
const TIME = new RegExp(TIME_PATTERN);

/** A time by the rule above; anything else reads as undefined. */
export function time(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > TIME_MAX_CHARS || !TIME.test(value)) return undefined;
  // Every time the pattern takes parses (read.test.ts holds that); this is only a net.
  return Number.isNaN(Date.parse(value)) ? undefined : value;
}

/** Maps a list through `parse`, dropping what it rejects, keeping at most `limit` survivors. */
export function list<T>(value: unknown, limit: number, parse: (raw: unknown) => T | null): T[] {
  if (!Array.isArray(value)) return [];
  const out: T[] = [];
  for (const raw of value) {
    if (out.length >= limit) break;
    const parsed = parse(raw);
    if (parsed !== null) out.push(parsed);
  }
  return out;
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}
