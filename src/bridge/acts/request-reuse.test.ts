import { describe, expect, it } from 'vitest';
import type { Receipt } from '../receipts/ledger';
import { payloadHashOf, refuseReuse } from './request-reuse';

describe('one request id, one write', () => {
  const hash = payloadHashOf('send', { text: 'hi' });
  const prior = { act: 'send', payloadHash: hash } as Receipt;

  it('lets the same write come back under its id, and refuses anything else under it', () => {
    expect(() => refuseReuse(undefined, 'send', hash)).not.toThrow();
    expect(() => refuseReuse(prior, 'send', payloadHashOf('send', { text: 'hi' }))).not.toThrow();
    expect(() => refuseReuse(prior, 'send', payloadHashOf('send', { text: 'other' }))).toThrow(/used for something else/);
    expect(() => refuseReuse(prior, 'steer', hash)).toThrow(/used for something else/);
  });
});
