import { PUSH_LIMITS } from '../../wire/limits';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What the limits say of one new ask. A suppressed ask still shows its card; it is never pushed later. */
export type Decision = { push: true } | { push: false; why: 'conversation' | 'host-minute' | 'silence' } | { push: 'summary' };

/** The limits' memory, as `state.json` keeps it, so a restart does not hand an agent a fresh allowance. */
export interface LimiterState {
  /** Per agent: when its pushes went in the last hour, and the end of its hour of silence. */
  hosts: Record<string, { sent: number[]; silentUntil: number }>;
  /** Per conversation (agent and pane): when its pushes went in the last minute. */
  conversations: Record<string, number[]>;
}

export const emptyLimiterState = (): LimiterState => ({ hosts: {}, conversations: {} });

/**
 * The seeds' limits, exactly (docs/bridge.md §8): per conversation 3 a minute; per agent host 10 a
 * minute and 30 an hour; what would have been the 31st push (one the minute limits let through)
 * becomes one summary, and that host then pushes nothing for an hour. Sliding windows over the
 * times pushes went, read from the clock given (tests pass a fake one).
 *
 * The "host" is the attached agent (its name in `sources.json`, which the bridge alone picks),
 * not the host name the agent reports: two copies of one program each get their own allowance,
 * and no agent can borrow or spend another's by naming itself after it.
 */
export class PushLimiter {
  constructor(
    readonly state: LimiterState,
    private readonly now: () => number,
  ) {}

  decide(host: string, conversation: string): Decision {
    const t = this.now();
    const h = (this.state.hosts[host] ??= { sent: [], silentUntil: 0 });
    h.sent = h.sent.filter((at) => at > t - HOUR);
    const c = (this.state.conversations[conversation] ?? []).filter((at) => at > t - MINUTE);
    this.state.conversations[conversation] = c;
    if (h.silentUntil > t) return { push: false, why: 'silence' };
    if (c.length >= PUSH_LIMITS.perConversationPerMinute) return { push: false, why: 'conversation' };
    if (h.sent.filter((at) => at > t - MINUTE).length >= PUSH_LIMITS.perHostPerMinute) return { push: false, why: 'host-minute' };
    if (h.sent.length >= PUSH_LIMITS.perHostPerHour) {
      h.sent = [];
      h.silentUntil = t + PUSH_LIMITS.silenceMs;
      return { push: 'summary' };
    }
    h.sent.push(t);
    c.push(t);
    return { push: true };
  }

  /** Drops windows that hold nothing any more, so the kept state stays the size of the last hour. */
  prune(): void {
    const t = this.now();
    for (const [key, times] of Object.entries(this.state.conversations)) if (!times.some((at) => at > t - MINUTE)) delete this.state.conversations[key];
    for (const [key, h] of Object.entries(this.state.hosts)) if (h.silentUntil <= t && !h.sent.some((at) => at > t - HOUR)) delete this.state.hosts[key];
  }
}

/** Reads the limits' state as `state.json` holds it; a value it cannot read is left out (the file's reader decides what a broken file means). */
export function readLimiterState(raw: unknown): LimiterState {
  const state = emptyLimiterState();
  if (typeof raw !== 'object' || raw === null) return state;
  const { hosts, conversations } = raw as Partial<Record<keyof LimiterState, unknown>>;
  const times = (v: unknown) => (Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number' && Number.isFinite(n)) : []);
  if (typeof hosts === 'object' && hosts !== null)
    for (const [key, h] of Object.entries(hosts)) {
      const silentUntil = (h as { silentUntil?: unknown }).silentUntil;
      state.hosts[key] = { sent: times((h as { sent?: unknown }).sent), silentUntil: typeof silentUntil === 'number' ? silentUntil : 0 };
    }
  if (typeof conversations === 'object' && conversations !== null) for (const [key, v] of Object.entries(conversations)) state.conversations[key] = times(v);
  return state;
}
