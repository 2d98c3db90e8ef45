/** An epoch: 22–128 characters of [A-Za-z0-9_-] (at least 128 bits of randomness). */
const EPOCH = /^[A-Za-z0-9_-]{22,128}$/;

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
