import { describe, expect, it } from 'vitest';
import { polled } from './polled';
import type { Fetched } from '../bridge-client';

describe('polled', () => {
  it('keeps the last data and marks the bridge unreachable when a read fails', async () => {
    let fail = false;
    const etags: (string | null)[] = [];
    const resource = polled<number>(async (etag): Promise<Fetched<number>> => {
      etags.push(etag);
      if (fail) throw new Error('offline');
      return etag === 'v1' ? { changed: false } : { changed: true, data: 1, etag: 'v1' };
    });
    await resource.refresh();
    expect([resource.data.value, resource.connection.value]).toEqual([1, 'live']);
    await resource.refresh();
    expect(etags).toEqual([null, 'v1']);
    fail = true;
    await resource.refresh();
    expect([resource.data.value, resource.connection.value]).toEqual([1, 'bridge-unreachable']);
  });

  it('polls only while visible and stops on cleanup', async () => {
    let visible = false;
    let notify = () => {};
    let reads = 0;
    const resource = polled<number>(async () => ({ changed: true, data: ++reads, etag: null }), {
      intervalMs: 5,
      isVisible: () => visible,
      onVisibility: (listener) => {
        notify = listener;
        return () => {};
      },
    });
    const stop = resource.start();
    await new Promise((r) => setTimeout(r, 30));
    expect(reads).toBe(0);
    visible = true;
    notify();
    await new Promise((r) => setTimeout(r, 40));
    expect(reads).toBeGreaterThan(1);
    stop();
    const after = reads;
    await new Promise((r) => setTimeout(r, 30));
    expect(reads).toBeLessThanOrEqual(after + 1);
  });
});
