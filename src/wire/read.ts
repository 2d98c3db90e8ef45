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

/** An ISO 8601 time that parses; anything else reads as undefined. */
export function time(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 64) return undefined;
  if (!/^\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:?\d\d)$/.test(value)) return undefined;
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
