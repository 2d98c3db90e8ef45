import type { ChatEntry, HistoryJson } from '../../wire/bridge-json';
import { OLDER_KEEP, OLDER_MAX_PAGES } from './older-limits';

export interface OlderWalk {
  /** The items just older than the one asked for, oldest first (at most `keep`). */
  before: ChatEntry[];
  /** The item was found in the history. */
  found: boolean;
  /** `before` holds everything the history has before the item (nothing was left behind). */
  complete: boolean;
  /** The history no longer keeps the conversation's beginning. */
  trimmed: boolean;
}

/**
 * The history route gives a conversation oldest first, a page at a time, behind opaque cursors:
 * there is no way to ask for "the items before X". So the walk pages forward from the beginning
 * until the page that holds X, and keeps only the tail just before it (bounded by `keep`, so a
 * very long past costs a second walk rather than unbounded memory).
 */
export async function walkToItem(page: (after: string | null) => Promise<HistoryJson>, itemId: string, keep = OLDER_KEEP, maxPages = OLDER_MAX_PAGES): Promise<OlderWalk> {
  let before: ChatEntry[] = [];
  let dropped = false;
  let cursor: string | null = null;
  let trimmed = false;
  for (let read = 0; read < maxPages; read += 1) {
    const got = await page(cursor);
    trimmed ||= got.trimmed;
    const at = got.entries.findIndex((e) => e.type === 'item' && e.item.id === itemId);
    before = before.concat(at < 0 ? got.entries : got.entries.slice(0, at));
    if (before.length > keep) {
      before = before.slice(-keep);
      dropped = true;
    }
    if (at >= 0) return { before, found: true, complete: !dropped, trimmed };
    if (got.next === null) break;
    cursor = got.next;
  }
  return { before: [], found: false, complete: true, trimmed };
}
