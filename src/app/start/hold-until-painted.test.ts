import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint, holdUntilFirstPaint } from './hold-until-painted';
import { START_WAITS } from './waits';

/** Whether `promise` has settled once the microtasks already queued have run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('the first paint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds what waits for the first paint from before the render until the browser says it was shown', async () => {
    let show = () => {};
    const hold = holdUntilFirstPaint((then) => (show = then));
    const held = hold.pending()!;
    expect(held).not.toBeNull();
    hold.rendered();
    expect(await isSettled(held)).toBe(false); // rendered, not yet shown
    show();
    expect(await isSettled(held)).toBe(true);
    expect(hold.pending()).toBeNull(); // nothing waits after the first screen
  });

  it('stops waiting for a report of the paint that does not come', async () => {
    let shown = false;
    afterFirstContentfulPaint(() => (shown = true));
    await vi.advanceTimersByTimeAsync(START_WAITS.paintReportMaxMs - 1);
    expect(shown).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toBe(true);
  });
});
