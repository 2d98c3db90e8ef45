import { createHash } from 'node:crypto';
import type { Ask } from '../../wire/types';
import type { PhoneAsk } from '../../wire/bridge-json';

/** Fields that change without changing what the person read (a restart re-raises with new times). */
const NOT_READ = new Set(['createdAt', 'expiresAt', 'itemId']);

/**
 * The hash of an ask as the phone drew it. The phone sends it back with its answer; any change
 * to what the person read (revision, title, reason, options, fields, tool) changes the hash, and
 * the same question raised again after a restart keeps it.
 */
export function askHash(ask: Ask): string {
  const read = Object.fromEntries(Object.entries(ask).filter(([key]) => !NOT_READ.has(key)));
  return createHash('sha256').update(JSON.stringify(read)).digest('hex').slice(0, 32);
}

export function toPhoneAsk(ask: Ask): PhoneAsk {
  return { ...ask, hash: askHash(ask) };
}
