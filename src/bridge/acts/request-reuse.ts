import { createHash } from 'node:crypto';
import { HttpError } from '../http/http-error';
import type { Receipt } from '../receipts/ledger';

/**
 * A request id names one write: its act and what it carries, hashed into its receipt. The same id
 * back with anything else is refused (409 request-id-reused) before anything is sent. Every ledger
 * of the bridge (its agents', and a crew lead's forwarding one) keeps this one rule.
 */
export function payloadHashOf(act: string, payload: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([act, payload]))
    .digest('hex');
}

export function refuseReuse(prior: Receipt | undefined, act: string, payloadHash: string): void {
  if (prior && (prior.payloadHash !== payloadHash || prior.act !== act)) throw new HttpError(409, 'request-id-reused', 'this request id was used for something else');
}
