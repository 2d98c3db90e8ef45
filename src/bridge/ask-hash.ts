import { createHash } from 'node:crypto';
import type { Ask } from '../wire/types';
import type { PhoneAsk } from '../wire/bridge-json';

/**
 * The hash of an ask as the phone drew it. The phone sends it back with its answer; any change
 * to what the person read (revision, title, reason, options, fields) changes the hash.
 */
export function askHash(ask: Ask): string {
  return createHash('sha256').update(JSON.stringify(ask)).digest('hex').slice(0, 32);
}

export function toPhoneAsk(ask: Ask): PhoneAsk {
  return { ...ask, hash: askHash(ask) };
}
