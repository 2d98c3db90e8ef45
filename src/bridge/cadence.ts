import type { AgentStatus } from '../wire/bridge-json';

/**
 * How often the bridge asks an agent (bridge.md §3). Over a socket: every 1 s while a phone is
 * looking, else every 3 s, and a stopped agent is simply asked once per poll. Over TLS every poll
 * may be billed: every 2 s while looking, else 10 s, and an agent that is down or refuses the
 * token is asked at most every 10 s.
 */
export const CADENCE = {
  socket: { looking: 1000, idle: 3000, down: 3000 },
  url: { looking: 2000, idle: 10000, down: 10000 },
} as const;

/** A phone counts as looking this long after its last read. */
export const LOOKING_WINDOW_MS = 5000;

export function pollDelay(transport: 'socket' | 'url', looking: boolean, status: AgentStatus): number {
  const cadence = CADENCE[transport];
  const down = status === 'unreachable' || status === 'token-refused';
  if (down) return Math.max(cadence.down, looking ? cadence.looking : cadence.idle);
  return looking ? cadence.looking : cadence.idle;
}
