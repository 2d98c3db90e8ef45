import { describe, expect, it } from 'vitest';
import { backoffMs, pollLoop, type PollOutcome } from './poll-loop';

/** Runs the loop over a script of outcomes, recording each read's `wait` and each pause. */
async function run(script: PollOutcome[], options: { versions?: boolean; hold?: () => Promise<void> | null } = {}) {
  const steps: string[] = [];
  let left = [...script];
  let version = false; // as an ETag: held after an answer, forgotten after a failure or a view gone
  await pollLoop({
    read: async (wait) => {
      steps.push(wait ? 'long-poll' : 'read');
      const outcome = left.shift()!;
      version = outcome === 'ok' && options.versions !== false;
      return outcome;
    },
    holdsVersion: () => version,
    running: () => left.length > 0,
    failed: { firstMs: 100, maxMs: 400 },
    gone: { firstMs: 1000, maxMs: 60_000 },
    pause: async (ms) => void steps.push(`pause ${ms}`),
    hold: options.hold,
  });
  left = [];
  return steps;
}

describe('the long-poll loop', () => {
  it('long-polls after an answer, reads at once after a failure, and doubles each pause while it repeats', async () => {
    expect(await run(['ok', 'ok', 'failed', 'failed', 'failed', 'failed', 'ok', 'gone', 'gone', 'failed', 'ok'])).toEqual([
      'read',
      'long-poll',
      'long-poll',
      'pause 100',
      'read',
      'pause 200',
      'read',
      'pause 400',
      'read',
      'pause 400',
      'read',
      'long-poll',
      'pause 1000',
      'read',
      'pause 2000',
      'read',
      'pause 100',
      'read',
    ]);
  });

  it('never long-polls without a version to hold, and waits out a hold before it does', async () => {
    expect(await run(['ok', 'ok'], { versions: false })).toEqual(['read', 'read']);
    const order: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const done = run(['ok', 'ok'], { hold: () => (order.push('held'), held) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    order.push('released');
    release();
    expect(await done).toEqual(['read', 'long-poll']);
    expect(order).toEqual(['held', 'released']);
  });

  it('caps a pause at its most', () => {
    expect([1, 2, 3, 10, 60].map((n) => backoffMs({ firstMs: 1000, maxMs: 10_000 }, n))).toEqual([1000, 2000, 4000, 10_000, 10_000]);
  });
});
