import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { askKey } from '../../wire/ask-key';
import { PUSH_LIMITS } from '../../wire/limits';
import { isRecord } from '../../wire/read';
import { writePrivateFile } from '../fs/private-file';
import { pushFolder } from './push-keys';
import { emptyLimiterState, readLimiterState, type LimiterState } from './push-limiter';

/**
 * One ask's tag: its notification's tag and its push's `topic` (at most 32 URL-safe characters,
 * RFC 8030), from the ask's key (agent and ask id; the id is a hash of pane and tool call, so it
 * is the same after the agent or the bridge restarts). 132 bits: no two asks share one.
 */
export function askTag(agent: string, askId: string): string {
  return createHash('sha256').update(askKey(agent, askId)).digest('base64url').slice(0, 22);
}

/** What the bridge decided for one ask, once. */
export interface Decided {
  agent: string;
  /** Pushed (to at least the subscriptions there were), or decided not to be. */
  pushed: boolean;
  /** Still open the last time its agent answered. */
  open: boolean;
}

/** Everything push remembers, in `<state>/push/state.json` (0600): the decided asks and the limits. */
export interface PushState {
  decided: Map<string, Decided>;
  /** Tags of pushed asks that closed, newest last: each push tells the worker to withdraw them. */
  closed: string[];
  limits: LimiterState;
}

const statePath = (stateDir: string) => join(pushFolder(stateDir), 'state.json');

/**
 * Reads the state. A file that is missing starts empty; one that cannot be read is said in one
 * log line and the bridge then only records the asks open at its first look (`seedOnly`), so a
 * lost memory costs a few missed pushes, never a flood of old questions.
 */
export async function readPushState(stateDir: string, log: (line: string) => void): Promise<{ state: PushState; seedOnly: boolean }> {
  const empty = { decided: new Map<string, Decided>(), closed: [], limits: emptyLimiterState() };
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(statePath(stateDir), 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { state: empty, seedOnly: false };
    log(`[bridge] push: ${statePath(stateDir)} could not be read; the questions open now will not be pushed`);
    return { state: empty, seedOnly: true };
  }
  if (!isRecord(raw) || !Array.isArray(raw.decided)) {
    log(`[bridge] push: ${statePath(stateDir)} is not as the bridge writes it; the questions open now will not be pushed`);
    return { state: empty, seedOnly: true };
  }
  const decided = new Map<string, Decided>();
  for (const entry of raw.decided) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'string') continue;
    decided.set(entry[0], { agent: entry[1], pushed: entry[2] === true, open: entry[3] === true });
  }
  const closed = Array.isArray(raw.closed) ? raw.closed.filter((t): t is string => typeof t === 'string').slice(-PUSH_LIMITS.closedInPayload) : [];
  return { state: { decided, closed, limits: readLimiterState(raw.limits) }, seedOnly: false };
}

/** Forgets the oldest closed asks past the cap; open ones are always kept (their number is bounded by the wire's limits). */
export function forgetOldClosed(state: PushState): void {
  let closedCount = 0;
  for (const d of state.decided.values()) if (!d.open) closedCount += 1;
  for (const [tag, d] of state.decided) {
    if (closedCount <= PUSH_LIMITS.closedAskMemory) break;
    if (d.open) continue;
    state.decided.delete(tag);
    closedCount -= 1;
  }
}

/** Writes the state whole (temp file and rename): one write per batch of decisions, before any push goes. */
export function writePushState(stateDir: string, state: PushState): Promise<void> {
  const decided = [...state.decided].map(([tag, d]) => [tag, d.agent, d.pushed, d.open]);
  return writePrivateFile(statePath(stateDir), `${JSON.stringify({ decided, closed: state.closed, limits: state.limits })}\n`);
}
