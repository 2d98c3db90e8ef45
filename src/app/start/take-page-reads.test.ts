import { describe, expect, it } from 'vitest';
import { takePageRead, type PageRead } from './take-page-reads';
import { START_WAITS } from './waits';

const reply = Promise.resolve(new Response('{}'));
const asked = (at = 1000): Record<string, PageRead> => ({ '/api/dashboard': { at, reply } });

describe("the app takes the page's early reads", () => {
  it('as the reply to the same plain read, once', () => {
    const reads = asked();
    expect(takePageRead('/api/dashboard', { headers: {}, cache: 'no-store' }, reads, 1500)).toBe(reply);
    expect(takePageRead('/api/dashboard', { headers: {}, cache: 'no-store' }, reads, 1500)).toBeNull();
  });

  it('never for another address, a write, a read with headers or one that can be aborted', () => {
    expect(takePageRead('/api/device', undefined, asked(), 1500)).toBeNull();
    expect(takePageRead('/api/dashboard', { method: 'POST' }, asked(), 1500)).toBeNull();
    expect(takePageRead('/api/dashboard', { headers: { 'if-none-match': '"e1"' } }, asked(), 1500)).toBeNull();
    expect(takePageRead('/api/dashboard', { headers: new Headers({ 'if-none-match': '"e1"' }) }, asked(), 1500)).toBeNull();
    expect(takePageRead('/api/dashboard', { signal: new AbortController().signal }, asked(), 1500)).toBeNull();
  });

  it('not once it is older than the first read is kept, nor when the page asked for nothing', () => {
    expect(takePageRead('/api/dashboard', undefined, asked(1000), 1000 + START_WAITS.earlyReadKeepMs)).toBe(reply);
    expect(takePageRead('/api/dashboard', undefined, asked(1000), 1001 + START_WAITS.earlyReadKeepMs)).toBeNull();
    expect(takePageRead('/api/dashboard', undefined, undefined, 1500)).toBeNull();
  });
});
