import type { ChatEntry } from '../../wire/bridge-json';
import { entryKey } from '../../wire/entry-key';

/** The person's own entries (what they sent, an answer given from a phone): never unread. */
export function isOwn(entry: ChatEntry): boolean {
  return entry.type === 'item' ? entry.item.kind === 'user' : entry.decidedBy === 'phone';
}

/** Where the entry with this key is, or -1. From the end: the entry last seen is usually near it. */
export function indexOfKey(entries: readonly ChatEntry[], key: string | null): number {
  if (key === null) return -1;
  for (let i = entries.length - 1; i >= 0; i -= 1) if (entryKey(entries[i]!) === key) return i;
  return -1;
}

/**
 * Where the unread divider goes: the first entry after the one last seen (`seenKey`) that is not
 * the person's own. Null when nothing came since, or the entry last seen is not in the chat (a
 * first visit, or it was trimmed away): then nothing can be said to be new.
 */
export function firstUnread(entries: readonly ChatEntry[], seenKey: string | null): number | null {
  const seen = indexOfKey(entries, seenKey);
  if (seen < 0) return null;
  for (let i = seen + 1; i < entries.length; i += 1) if (!isOwn(entries[i]!)) return i;
  return null;
}

/** How many entries after the one seen last (at `seen`) are not the person's own: the jump button's count. */
export function unseenAfter(entries: readonly ChatEntry[], seen: number): number {
  if (seen < 0) return 0;
  let count = 0;
  for (let i = seen + 1; i < entries.length; i += 1) if (!isOwn(entries[i]!)) count += 1;
  return count;
}
