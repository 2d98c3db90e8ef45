import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentStatus } from '../../wire/bridge-json';
import { CADENCE, LOOKING_WINDOW_MS } from './cadence';
import { PollScheduler, type Scheduled } from './poll-scheduler';

/** An agent whose polls are counted; each finishes at once (the scheduler waits for it either way). */
function agent(transport: 'socket' | 'url', status: AgentStatus = 'ok'): Scheduled & { polls: number; state: { status: AgentStatus } } {
  const state = { status };
  const a = { polls: 0, transport, state, status: () => state.status, poll: async () => void (a.polls += 1) };
  return a;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PollScheduler', () => {
  it('reads each agent at once, then at its idle cadence by transport', async () => {
    const socket = agent('socket');
    const url = agent('url');
    const scheduler = new PollScheduler([socket, url]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect([socket.polls, url.polls]).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(CADENCE.socket.idle);
    expect([socket.polls, url.polls]).toEqual([2, 1]);
    await vi.advanceTimersByTimeAsync(CADENCE.url.idle - CADENCE.socket.idle);
    expect(url.polls).toBe(2);
    scheduler.stop();
  });

  it('wakes the agents when a phone starts looking, reads faster while it looks and for a while after', async () => {
    const socket = agent('socket');
    const scheduler = new PollScheduler([socket]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.polls).toBe(1);
    const end = scheduler.phoneLooking(); // woken: read now, not in 3 s
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.polls).toBe(2);
    await vi.advanceTimersByTimeAsync(CADENCE.socket.looking * 3);
    expect(socket.polls).toBe(5);
    end();
    await vi.advanceTimersByTimeAsync(LOOKING_WINDOW_MS);
    expect(socket.polls).toBe(10); // the looking cadence lasts the window after the last read
    await vi.advanceTimersByTimeAsync(CADENCE.socket.idle * 2);
    expect(socket.polls).toBe(12); // then the idle pace
    scheduler.stop();
  });

  it('a second phone read while one looks wakes nothing more', async () => {
    const socket = agent('socket');
    const scheduler = new PollScheduler([socket]);
    scheduler.start();
    const first = scheduler.phoneLooking();
    await vi.advanceTimersByTimeAsync(0);
    const polls = socket.polls;
    const second = scheduler.phoneLooking();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.polls).toBe(polls);
    first();
    second();
    scheduler.stop();
  });

  it('leaves a down agent over TLS at its slow pace when woken', async () => {
    const down = agent('url', 'unreachable');
    const scheduler = new PollScheduler([down]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    scheduler.phoneLooking();
    await vi.advanceTimersByTimeAsync(CADENCE.url.down - 1);
    expect(down.polls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(down.polls).toBe(2);
    scheduler.stop();
  });

  it('reads nothing after stop', async () => {
    const socket = agent('socket');
    const scheduler = new PollScheduler([socket]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    scheduler.stop();
    scheduler.wake();
    await vi.advanceTimersByTimeAsync(CADENCE.socket.idle * 5);
    expect(socket.polls).toBe(1);
  });
});
