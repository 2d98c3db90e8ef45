import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAILED_RETRY_MS, polled } from './polled';
import type { Fetched, ReadOptions } from '../phone-api-client';

afterEach(() => {
  vi.useRealTimers();
});

/** A bridge whose every read is held until the test answers it. */
function heldReads() {
  const calls: ReadOptions[] = [];
  const answers: ((reply: Fetched<number>) => void)[] = [];
  const waiters: (() => void)[] = [];
  return {
    calls,
    read: (_etag: string | null, options: ReadOptions) =>
      new Promise<Fetched<number>>((resolve) => {
        calls.push(options);
        answers.push(resolve);
        for (const wake of waiters.splice(0)) wake();
      }),
    /** Resolves once the read with this (1-based) number has been asked for. */
    async called(n: number): Promise<void> {
      while (calls.length < n) await new Promise<void>((wake) => waiters.push(wake));
    },
    answer(n: number) {
      answers[n - 1]!({ changed: true, data: n, etag: `v${n}` });
    },
  };
}

describe('polled', () => {
  it('says its data is true as of when the read was asked, not when its answer came', async () => {
    vi.useFakeTimers({ now: 1000 });
    const bridge = heldReads();
    const resource = polled<number>(bridge.read);
    const refreshed = resource.refresh();
    await bridge.called(1);
    vi.setSystemTime(9000); // a slow phone: the bridge's answer is taken eight seconds later
    bridge.answer(1);
    await refreshed;
    expect([resource.data.value, resource.readAt.value]).toEqual([1, 1000]);
  });

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

  it('asks for the long-poll only once its hold ends, while it is held', async () => {
    let release = () => {};
    let held: Promise<void> | null = new Promise<void>((resolve) => (release = resolve));
    const bridge = heldReads();
    const stop = polled<number>(bridge.read, { isVisible: () => true, onVisibility: () => () => {}, hold: () => held }).start();
    await bridge.called(1);
    bridge.answer(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(bridge.calls).toHaveLength(1); // the first screen has its data; the start-up still holds the long-poll
    held = null;
    release();
    await bridge.called(2);
    expect(bridge.calls[1]!.wait).toBe(true);
    stop();
  });

  it('long-polls once it has an ETag, reads only while visible, and stops on cleanup', async () => {
    vi.useFakeTimers();
    let visible = false;
    let notify = () => {};
    const bridge = heldReads();
    const resource = polled<number>(bridge.read, {
      isVisible: () => visible,
      onVisibility: (listener) => {
        notify = listener;
        return () => {};
      },
    });
    const stop = resource.start();
    await vi.advanceTimersByTimeAsync(60_000); // however long the page stays hidden
    expect(bridge.calls).toHaveLength(0);
    visible = true;
    notify();
    await bridge.called(1);
    bridge.answer(1);
    await bridge.called(2); // the first answer brought an ETag: the next read is held at the bridge
    expect(resource.data.value).toBe(1);
    expect(bridge.calls.length).toBeGreaterThan(1);
    expect(bridge.calls[0]!.wait).toBe(false);
    expect(bridge.calls[1]!.wait).toBe(true);
    stop();
    const after = bridge.calls.length;
    bridge.answer(2); // the held read comes back after all
    await vi.advanceTimersByTimeAsync(60_000);
    expect(bridge.calls.length).toBeLessThanOrEqual(after + 1);
    expect(bridge.calls).toHaveLength(after); // nothing read once stopped
    expect(bridge.calls.at(-1)!.signal?.aborted).toBe(true);
  });

  it('aborts the held read when the page is hidden', async () => {
    let visible = true;
    let notify = () => {};
    const signals: AbortSignal[] = [];
    let asked = () => {};
    const held = new Promise<void>((r) => (asked = r));
    const resource = polled<number>(
      (_etag, options) =>
        new Promise((_, reject) => {
          signals.push(options.signal!);
          options.signal!.addEventListener('abort', () => reject(new Error('aborted')));
          asked();
        }),
      { isVisible: () => visible, onVisibility: (l) => ((notify = l), () => {}) },
    );
    const stop = resource.start();
    await held;
    visible = false;
    notify();
    expect(signals[0]!.aborted).toBe(true);
    expect(resource.stale.value).toBe(false);
    stop();
  });
});

describe('polled, when the resource is gone', () => {
  it('asks again only after a pause, not in a loop', async () => {
    vi.useFakeTimers();
    let reads = 0;
    const resource = polled<number>(
      async () => {
        reads += 1;
        return { changed: false, gone: true };
      },
      { retryMs: 50, isVisible: () => true, onVisibility: () => () => {} },
    );
    const stop = resource.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    await vi.advanceTimersByTimeAsync(49);
    expect(reads).toBe(1); // not before the pause is over…
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toBe(2); // …and at once when it is
    stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(reads).toBe(2); // and none once stopped
    expect(resource.stale.value).toBe(false);
  });

  it('doubles its pause while it stays gone, up to a slow rate, and keeps its pace again once it is back', async () => {
    vi.useFakeTimers();
    const at: number[] = [];
    let gone = true;
    const resource = polled<number>(
      async (_etag, options) => {
        at.push(Date.now());
        if (gone) return { changed: false, gone: true };
        if (options.wait) return new Promise<never>(() => {}); // held: nothing changes
        return { changed: true, data: 1, etag: 'v1' };
      },
      { retryMs: 1000, goneMaxMs: 8000, isVisible: () => true, onVisibility: () => () => {} },
    );
    const start = Date.now();
    const stop = resource.start();
    await vi.advanceTimersByTimeAsync(60_000);
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    expect(gaps.slice(0, 6)).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    // A minute on a missing chat is a dozen reads, not sixty.
    expect(at.length).toBeLessThanOrEqual(12);
    gone = false;
    await vi.advanceTimersByTimeAsync(8000);
    expect(resource.data.value).toBe(1);
    expect(at[0]).toBe(start);
    stop();
  });
});

describe('polled, when the bridge comes back', () => {
  it('asks again soon after a failure and reports the first answer at once', async () => {
    vi.useFakeTimers();
    let down = true;
    const reports: boolean[] = [];
    const resource = polled<number>(
      async (_etag, options) => {
        if (down) throw new Error('connection refused');
        if (options.wait) return new Promise<never>(() => {}); // held: nothing changes
        return { changed: true, data: 1, etag: 'v1' };
      },
      { report: (ok) => reports.push(ok), isVisible: () => true, onVisibility: () => () => {} },
    );
    const stop = resource.start();
    await vi.advanceTimersByTimeAsync(FAILED_RETRY_MS * 3);
    expect(reports.every((ok) => !ok)).toBe(true);
    const failures = reports.length;
    expect(failures).toBeGreaterThanOrEqual(3); // asked again while down, not only once a second
    down = false;
    await vi.advanceTimersByTimeAsync(FAILED_RETRY_MS);
    expect(reports.slice(failures)).toEqual([true]);
    expect([resource.data.value, resource.stale.value]).toEqual([1, false]);
    stop();
  });
});
