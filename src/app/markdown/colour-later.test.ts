import { afterEach, describe, expect, it, vi } from 'vitest';
import { colourLater } from './colour-later';

describe('colour later', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('runs nothing in the frame that asks, then everything in slices, and not a job taken back', async () => {
    vi.useFakeTimers();
    const ran: number[] = [];
    const takeBack = [1, 2, 3].map((n) => colourLater(() => ran.push(n)));
    takeBack[1]!();
    expect(ran).toEqual([]);
    await vi.runAllTimersAsync();
    expect(ran).toEqual([1, 3]);
  });

  it('yields once a slice has run its time, and goes on in the next', async () => {
    vi.useFakeTimers();
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const ran: number[] = [];
    // Each job takes 5 ms: a slice of 8 ms runs two.
    for (const n of [1, 2, 3, 4, 5])
      colourLater(() => {
        ran.push(n);
        clock += 5;
      });
    await vi.advanceTimersToNextTimerAsync();
    expect(ran).toEqual([1, 2]);
    await vi.runAllTimersAsync();
    expect(ran).toEqual([1, 2, 3, 4, 5]);
  });
});
