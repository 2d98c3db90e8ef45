import { describe, expect, it } from 'vitest';
import { takeEarlyAsk, type EarlyAsk } from './early-asks';
import { FIRST_READ_KEEP_MS } from './first-read';

const reply = Promise.resolve(new Response('{}'));
const asked = (at = 1000): Record<string, EarlyAsk> => ({ '/api/dashboard': { at, reply } });

describe("the app takes the page's early reads", () => {
  it('as the reply to the same plain read, once', () => {
    const asks = asked();
    expect(takeEarlyAsk('/api/dashboard', { headers: {}, cache: 'no-store' }, asks, 1500)).toBe(reply);
    expect(takeEarlyAsk('/api/dashboard', { headers: {}, cache: 'no-store' }, asks, 1500)).toBeNull();
  });

  it('never for another address, a write, a read with headers or one that can be aborted', () => {
    expect(takeEarlyAsk('/api/device', undefined, asked(), 1500)).toBeNull();
    expect(takeEarlyAsk('/api/dashboard', { method: 'POST' }, asked(), 1500)).toBeNull();
    expect(takeEarlyAsk('/api/dashboard', { headers: { 'if-none-match': '"e1"' } }, asked(), 1500)).toBeNull();
    expect(takeEarlyAsk('/api/dashboard', { headers: new Headers({ 'if-none-match': '"e1"' }) }, asked(), 1500)).toBeNull();
    expect(takeEarlyAsk('/api/dashboard', { signal: new AbortController().signal }, asked(), 1500)).toBeNull();
  });

  it('not once it is older than the first read is kept, nor when the page asked for nothing', () => {
    expect(takeEarlyAsk('/api/dashboard', undefined, asked(1000), 1000 + FIRST_READ_KEEP_MS)).toBe(reply);
    expect(takeEarlyAsk('/api/dashboard', undefined, asked(1000), 1001 + FIRST_READ_KEEP_MS)).toBeNull();
    expect(takeEarlyAsk('/api/dashboard', undefined, undefined, 1500)).toBeNull();
  });
});
