import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secrets of pairing: an invitation's secret and a device's credential are 256 random bits
 * (base64url). Only their SHA-256 is ever kept; a presented secret is hashed and compared with
 * the kept hash in constant time.
 */
export function mintSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `secret` is the one whose hash is `kept`, in time that does not depend on where they differ. */
export function secretMatches(secret: string, kept: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const want = Buffer.from(kept, 'hex');
  return given.length === want.length && timingSafeEqual(given, want);
}
