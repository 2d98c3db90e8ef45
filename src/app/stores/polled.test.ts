import { describe, expect, it } from 'vitest';
import { polled } from './polled';
import type { Fetched, ReadOptions } from '../phone-api-client';

const tick = (ms = 10) => new Promise((r) => setTimeout(r, ms));

describe('polled', () => {
  it('keeps the last data and marks it stale when a read fails', async () => {
    let fail = false;
    const etags: (string | null)[] = [];
    const reports: boolean[] = [];
    const resource = polled<number>(
      async (etag): Promise<Fetched<number>> => {
        etags.push(etag);
        if (fail) throw new Error('offline');
        return etag === 'v1' ? { changed: false } : { changed: true, data: 1, etag: 'v1' };
      },
      { report: (ok) => reports.push(ok) },
    );
    await resource.refresh();
    expect([resource.data.value, resource.stale.value]).toEqual([1, false]);
    await resource.refresh();
    expect(etags).toEqual([null, 'v1']);
    fail = true;
    await resource.refresh();
    expect([resource.data.value, resource.stale.value]).toEqual([1, true]);
    expect(reports).toEqual([true, true, false]);
  });

  it('long-polls once it has an ETag, reads only while visible, and stops on cleanup', async () => {
    let visible = false;
    let notify = () => {};
    const calls: ReadOptions[] = [];
    const resource = polled<number>(
      async (etag, options) => {
        calls.push(options);
        await tick(5);
        return { changed: true, data: calls.length, etag: `v${calls.length}` };
      },
      {
        isVisible: () => visible,
        onVisibility: (listener) => {
          notify = listener;
          return () => {};
        },
      },
    );
    const stop = resource.start();
    await tick(20);
    expect(calls).toHaveLength(0);
    visible = true;
    notify();
    await tick(40);
    expect(calls.length).toBeGreaterThan(1);
    expect(calls[0]!.wait).toBe(false);
    expect(calls[1]!.wait).toBe(true);
    stop();
    const after = calls.length;
    await tick(30);
    expect(calls.length).toBeLessThanOrEqual(after + 1);
    expect(calls.at(-1)!.signal?.aborted).toBe(true);
  });

  it('aborts the held read when the page is hidden', async () => {
    let visible = true;
    let notify = () => {};
    const signals: AbortSignal[] = [];
    const resource = polled<number>(
      (_etag, options) =>
        new Promise((_, reject) => {
          signals.push(options.signal!);
          options.signal!.addEventListener('abort', () => reject(new Error('aborted')));
        }),
      { isVisible: () => visible, onVisibility: (l) => ((notify = l), () => {}) },
    );
    const stop = resource.start();
    await tick();
    visible = false;
    notify();
    expect(signals[0]!.aborted).toBe(true);
    expect(resource.stale.value).toBe(false);
    stop();
  });
});

describe('polled, when the resource is gone', () => {
  it('asks again only after a pause, not in a loop', async () => {
    let reads = 0;
    const resource = polled<number>(
      async () => {
        reads += 1;
        return { changed: false, gone: true };
      },
      { retryMs: 50, isVisible: () => true, onVisibility: () => () => {} },
    );
    const stop = resource.start();
    await new Promise((r) => setTimeout(r, 120));
    stop();
    expect(reads).toBeLessThanOrEqual(4);
    expect(resource.stale.value).toBe(false);
  });
});
