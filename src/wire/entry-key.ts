import type { ChatEntry } from './bridge-json';

/** A chat entry's identity across reads: an item by its id, a decision line by its own. */
export function entryKey(entry: ChatEntry): string {
  return entry.type === 'item' ? `i:${entry.item.id}` : `d:${entry.id}`;
}
