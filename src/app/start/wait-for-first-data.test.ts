import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstPaintReady, paintsItsData } from './wait-for-first-data';
import { START_WAITS } from './waits';

/** A promise settled from outside. */
function later() {
  let settle!: () => void;
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle };
}

/** Whether `promise` has settled once the microtasks already queued have run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('the first render', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for every answer: the pairing check and the first read', async () => {
    const pairing = later();
    const read = later();
    const ready = firstPaintReady([pairing.promise, read.promise]);
    read.settle();
    expect(await isSettled(ready)).toBe(false);
    pairing.settle();
    expect(await isSettled(ready)).toBe(true);
  });

  it('paints at the bound when the bridge is slow', async () => {
    const ready = firstPaintReady([new Promise(() => {})]);
    await vi.advanceTimersByTimeAsync(START_WAITS.firstDataMaxMs - 1);
    expect(await isSettled(ready)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isSettled(ready)).toBe(true);
  });

  it('waits for the data only of a screen the first load can draw', () => {
    expect(paintsItsData({ screen: 'dashboard' })).toBe(true);
    expect(paintsItsData({ screen: 'chat', agent: 'desk', paneId: 'p' })).toBe(false);
    expect(paintsItsData({ screen: 'agent', agent: 'desk' })).toBe(false);
    expect(paintsItsData(null)).toBe(false); // a pairing link: the trade comes first
  });
});
