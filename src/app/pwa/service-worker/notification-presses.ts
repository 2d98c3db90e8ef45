import { createStore, del, entries, update } from 'idb-keyval';
import type { AskOutcome } from '../../../wire/write-json';
import { isValidId } from '../../../wire/ids';
import { isRecord } from '../../../wire/read';

/**
 * The service worker's request-id ledger for answers pressed on a notification (docs/phone.md §4
 * and §5), in IndexedDB (a worker has no localStorage): one press per question. The worker mints
 * the request id and keeps the press here before anything is sent, so a second press of the same
 * notification finds it and sends nothing new, and an `unknown` is never sent again by the worker
 * itself. The app reads the presses when it opens and takes them into its own ledger once, so the
 * card shows what happened and offers the one Try again under the same id.
 */
export interface Press {
  requestId: string;
  agent: string;
  paneId: string;
  askId: string;
  /** The hash of the question as the push carried it: the card's stale check. */
  hash: string;
  optionId: string;
  /** The button's words, for "Answered: …". */
  label: string;
  /** `failed`: the bridge refused the request itself (`error` is its code); nothing reached the agent. */
  state: 'sending' | 'done' | 'unknown' | 'failed';
  outcome?: AskOutcome;
  error?: string;
  at: number;
  /** The app took it into its own ledger: it is not taken again (a settled tap offers nothing after a reload). */
  adopted?: boolean;
}

/** Presses older than this are forgotten, as the app forgets its intents (intent-ledger.ts). */
export const PRESS_MEMORY_MS = 24 * 60 * 60 * 1000;

/** How long the worker waits for the bridge's reply before the answer is unknown. */
export const PRESS_DEADLINE_MS = 20_000;

/** Where the presses are kept; tests pass a map. `update` runs in one transaction (idb-keyval's `update`). */
export interface PressBackend {
  update(key: string, updater: (old: unknown) => unknown): Promise<void>;
  entries(): Promise<[unknown, unknown][]>;
  del(key: string): Promise<void>;
}

const STATES = new Set<Press['state']>(['sending', 'done', 'unknown', 'failed']);

export function parsePress(raw: unknown): Press | null {
  if (!isRecord(raw)) return null;
  const ids = [raw.requestId, raw.paneId, raw.askId, raw.optionId].every(isValidId);
  const ok = ids && typeof raw.agent === 'string' && typeof raw.hash === 'string' && typeof raw.label === 'string' && typeof raw.at === 'number';
  return ok && STATES.has(raw.state as Press['state']) ? (raw as unknown as Press) : null;
}

/** A press's key: its question (agent and ask id), so any press of any notification for it is the same intent. */
export const pressKey = (agent: string, askId: string) => JSON.stringify([agent, askId]);

/**
 * The presses in IndexedDB: a database of their own (idb-keyval makes one store per database).
 * A static import: the worker is a classic script, where a dynamic import cannot load (the page
 * reaches this module only from its lazily loaded push code).
 */
export async function idbPresses(): Promise<PressBackend> {
  const store = createStore('collie-presses', 'presses');
  return {
    update: (key, updater) => update(key, updater, store),
    entries: () => entries(store),
    del: (key) => del(key, store),
  };
}

/**
 * Keeps a new press unless one for this question is already kept (and not forgotten): that one is
 * returned, and nothing new may be sent. The check and the write are one transaction, so two
 * presses at once keep one.
 */
export async function claimPress(backend: PressBackend, fresh: Press, now: number): Promise<{ claimed: true } | { claimed: false; press: Press }> {
  let kept: Press | null = null;
  await backend.update(pressKey(fresh.agent, fresh.askId), (old) => {
    const press = parsePress(old);
    if (press && now - press.at <= PRESS_MEMORY_MS) {
      kept = press;
      return press;
    }
    kept = null;
    return fresh;
  });
  return kept ? { claimed: false, press: kept } : { claimed: true };
}

/** Writes what the press came to (only over the same request id: a newer press is never overwritten). */
export async function settlePress(backend: PressBackend, settled: Press): Promise<void> {
  await backend.update(pressKey(settled.agent, settled.askId), (old) => (parsePress(old)?.requestId === settled.requestId ? settled : old));
}

/** Every press still remembered; forgotten ones are deleted on the way. */
export async function readPresses(backend: PressBackend, now: number): Promise<Press[]> {
  const out: Press[] = [];
  for (const [key, value] of await backend.entries()) {
    const press = parsePress(value);
    if (press && now - press.at <= PRESS_MEMORY_MS) out.push(press);
    else if (typeof key === 'string') await backend.del(key);
  }
  return out;
}

/** The app took these presses into its ledger. */
export async function markAdopted(backend: PressBackend, presses: readonly Press[]): Promise<void> {
  for (const press of presses) await settlePress(backend, { ...press, adopted: true });
}

/**
 * The worker's word to open windows that a press was settled: the app reads the presses again.
 * (Here, not in sw-messages.ts, which the first screen loads: only the worker and the page's
 * lazily loaded push code need it.)
 */
export const PRESS_SETTLED = { type: 'collie-pressed' } as const;

export function isPressSettled(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === PRESS_SETTLED.type;
}
