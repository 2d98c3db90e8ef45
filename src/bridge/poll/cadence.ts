import type { AgentStatus } from '../../wire/bridge-json';

/**
 * How often the bridge asks an agent (docs/bridge.md §3). Over a socket: every 1 s while a phone is
 * looking, else every 3 s, a stopped agent included (it is simply asked once per poll). Over TLS
 * every poll may be billed: every 2 s while looking, else 10 s, and an agent that is down or
 * refuses the token is asked at most every 10 s.
 */
export const CADENCE = {
  socket: { looking: 1000, idle: 3000 },
  url: { looking: 2000, idle: 10000, down: 10000 },
} as const;

/** A phone counts as looking this long after its last read. */
export const LOOKING_WINDOW_MS = 5000;

/** An agent the TLS cadence slows down: down, or refusing the token. */
export const isDown = (status: AgentStatus) => status === 'unreachable' || status === 'token-refused';

export function pollDelay(transport: 'socket' | 'url', looking: boolean, status: AgentStatus): number {
  const cadence = CADENCE[transport];
  if (transport === 'url' && isDown(status)) return CADENCE.url.down;
  return looking ? cadence.looking : cadence.idle;
}
