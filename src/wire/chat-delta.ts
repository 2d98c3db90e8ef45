/**
 * The phone's half of chat deltas: reading one from the bridge's reply, and applying it to the
 * chat the phone holds. A delta that is malformed or does not fit the held chat is refused
 * (null), and the phone reads the whole view instead: it never draws a guess.
 */
import type { ChatDelta, ChatEntry, ChatJson, HeldRun } from './bridge-json';
import { BRIDGE_MEMORY } from './limits';

/** Never more entries than the bridge keeps of one pane, so never more steps than that either. */
const MAX_ENTRIES = BRIDGE_MEMORY.paneEntries;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

function isRun(v: unknown): v is HeldRun {
  return Array.isArray(v) && v.length === 2 && isCount(v[0]) && isCount(v[1]) && v[1] > 0;
}

/** Enough of an entry to key and draw it: the bridge cleaned the rest, as in a whole view. */
function isEntry(v: unknown): v is ChatEntry {
  if (!isObject(v)) return false;
  if (v.type === 'item') return isObject(v.item) && typeof v.item.id === 'string';
  return v.type === 'decision' && typeof v.id === 'string';
}

/** The fields besides entries, each checked for its shape as a whole view's would be used. */
const FIELDS: Record<Exclude<keyof ChatDelta, 'from' | 'held' | 'entries'>, (v: unknown) => boolean> = {
  agent: isObject,
  pane: isObject,
  asks: Array.isArray,
  sends: Array.isArray,
  trimmed: (v) => typeof v === 'boolean',
  earlier: isCount,
};

/** A delta reply's `delta`, or null when it is not one this phone can apply. */
export function parseChatDelta(raw: unknown): ChatDelta | null {
  if (!isObject(raw) || !isObject(raw.delta)) return null;
  const { from, held, entries } = raw.delta;
  if (typeof from !== 'string' || !isCount(held) || held > MAX_ENTRIES) return null;
  if (!Array.isArray(entries) || entries.length > MAX_ENTRIES) return null;
  if (!entries.every((step) => isRun(step) || isEntry(step))) return null;
  const delta: ChatDelta = { from, held, entries };
  for (const [name, fits] of Object.entries(FIELDS)) {
    const value = raw.delta[name];
    if (value === undefined) continue;
    if (!fits(value)) return null;
    Object.assign(delta, { [name]: value });
  }
  return delta;
}

/**
 * The chat after `delta`, from the chat held at the ETag `heldTag`; null when the delta was made
 * for another version or another list. Unchanged entries stay the very objects the phone held,
 * so nothing unchanged is compared, copied or drawn again.
 */
export function applyChatDelta(held: ChatJson, heldTag: string, delta: ChatDelta): ChatJson | null {
  if (delta.from !== heldTag || delta.held !== held.entries.length) return null;
  const entries: ChatEntry[] = [];
  for (const step of delta.entries) {
    if (!Array.isArray(step)) {
      if (entries.length >= MAX_ENTRIES) return null;
      entries.push(step);
      continue;
    }
    const [from, count] = step;
    if (from + count > held.entries.length || entries.length + count > MAX_ENTRIES) return null;
    for (let i = from; i < from + count; i += 1) entries.push(held.entries[i]!);
  }
  const { from: _from, held: _held, entries: _entries, ...changed } = delta;
  return { ...held, ...changed, entries };
}
