import { randomBytes } from 'node:crypto';

/** A fresh 192-bit epoch for every start, in the epoch alphabet [A-Za-z0-9_-]. */
export function freshEpoch(): string {
  return randomBytes(24).toString('base64url');
}
