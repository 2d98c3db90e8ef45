import { useEffect, useRef } from 'preact/hooks';
import type { ChatEntry } from '../../../wire/bridge-json';
import type { OlderPhase } from '../../stores/older-items';

/** Older pages read at most while looking for a search's entry: past them, the chat opens as usual. */
const OLDER_PAGES_SOUGHT = 20;

const idOf = (entry: ChatEntry) => (entry.type === 'item' ? entry.item.id : entry.id);

/**
 * Where a search's entry is in a chat (an index into its entries), null until it is there: an
 * entry older than the chat has loaded is looked for in older pages, a bounded number of them.
 */
export function useFoundEntry(entries: readonly ChatEntry[], entryId: string | undefined, older: { phase: OlderPhase; load(): void } | null): number | null {
  const sought = useRef(0);
  const latest = useRef(older);
  latest.current = older;
  const at = entryId === undefined ? -1 : entries.findIndex((entry) => idOf(entry) === entryId);
  const missing = entryId !== undefined && at < 0 && entries.length > 0;
  const phase = older?.phase;
  useEffect(() => {
    if (!missing || phase !== 'idle' || sought.current >= OLDER_PAGES_SOUGHT) return;
    sought.current += 1;
    latest.current?.load();
  }, [missing, phase]);
  return at < 0 ? null : at;
}
