/** An epoch: 22–128 characters of [A-Za-z0-9_-] (at least 128 bits of randomness). The JSON Schemas read it too. */
export const EPOCH_PATTERN = '^[A-Za-z0-9_-]{22,128}$';
const EPOCH = new RegExp(EPOCH_PATTERN);

export function isValidEpoch(value: unknown): value is string {
  return typeof value === 'string' && EPOCH.test(value);
}

/** `"<epoch>-<rev>"`; a weak tag (`W/"…"`) compares equal to the strong one. */
export function snapshotEtag(epoch: string, rev: number): string {
  return `"${epoch}-${rev}"`;
}

export function etagsMatch(a: string | undefined | null, b: string | undefined | null): boolean {
  if (!a || !b) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return strip(a) === strip(b);
}

/**
 * `If-None-Match` holds for the current tag (RFC 9110 §13.1.2, weak comparison): `*`, or a
 * comma-separated list naming the tag, weak or strong. The agent then answers 304.
 */
export function ifNoneMatchHolds(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => etagsMatch(tag, etag));
}
