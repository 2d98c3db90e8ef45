import type { AgentStatus } from '../../wire/bridge-json';
import { isDown, LOOKING_WINDOW_MS, pollDelay } from './cadence';

/** One agent as the scheduler sees it: how to read it, how it is reached, how it is doing. */
export interface Scheduled {
  poll(): Promise<void>;
  transport: 'socket' | 'url';
  status(): AgentStatus;
}

/**
 * When each agent is read (docs/bridge.md §3): one poll at a time per agent, the next one after the
 * cadence for its transport and state, faster while a phone looks (or looked in the last 5 s);
 * a phone that starts looking wakes the agents that are up at once. Time comes from the global
 * timers and clock, so tests drive it with fake timers.
 */
export class PollScheduler {
  private readonly pending = new Map<Scheduled, ReturnType<typeof setTimeout>>();
  private readsHeld = 0;
  private lastLook = -Infinity;
  private stopped = true;

  constructor(private readonly agents: readonly Scheduled[]) {}

  start(): void {
    this.stopped = false;
    for (const agent of this.agents) this.loop(agent);
  }

  /** A phone's read begins; the returned call ends it. The first read after a quiet spell wakes the agents. */
  phoneLooking(): () => void {
    if (!this.looking()) this.wake();
    this.readsHeld += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.readsHeld -= 1;
      this.lastLook = Date.now();
    };
  }

  /** Reads the agents that are up now, not at their idle pace; a down agent over TLS keeps its slow pace (every poll may be billed). */
  wake(): void {
    for (const [agent, timer] of this.pending) {
      if (agent.transport === 'url' && isDown(agent.status())) continue;
      clearTimeout(timer);
      this.pending.delete(agent);
      this.loop(agent);
    }
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  looking(): boolean {
    return this.readsHeld > 0 || Date.now() - this.lastLook < LOOKING_WINDOW_MS;
  }

  private loop(agent: Scheduled): void {
    if (this.stopped) return;
    void agent.poll().finally(() => {
      if (this.stopped) return;
      const delay = pollDelay(agent.transport, this.looking(), agent.status());
      this.pending.set(
        agent,
        setTimeout(() => {
          this.pending.delete(agent);
          this.loop(agent);
        }, delay),
      );
    });
  }
}
