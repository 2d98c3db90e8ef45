import type { AgentHandle } from '../agent-handle';
import { closedPage, conversationHistory } from '../history/agent-history';
import { SEARCH_LIMITS } from '../../wire/search-json';
import { searchEntry, type SearchEntry } from '../../wire/search-match';

/** A closed conversation as the shelf keeps it: its words only, bounded. */
export interface ShelvedConversation {
  id: string;
  title: string;
  at?: string;
  entries: SearchEntry[];
}

interface Shelf {
  listedAt: number;
  listing: Promise<ShelvedConversation[]> | null;
  kept: Map<string, { stamp: string; conversation: ShelvedConversation }>;
}

/**
 * What a search reads of an agent's closed conversations: the most recently closed
 * (`SEARCH_LIMITS.closedPerAgent`), each its first `closedEntries` entries, as words. The list is
 * read again at most every `closedListMs`; a conversation's words are read once and kept until it
 * changes (closed conversations do not, until reopened). So a search on every keystroke reads the
 * agent's history at most once a half minute, and its items once.
 */
const shelves = new WeakMap<AgentHandle, Shelf>();

export function closedConversations(handle: AgentHandle, now = Date.now()): Promise<ShelvedConversation[]> {
  let shelf = shelves.get(handle);
  if (!shelf) shelves.set(handle, (shelf = { listedAt: 0, listing: null, kept: new Map() }));
  if (shelf.listing && now - shelf.listedAt < SEARCH_LIMITS.closedListMs) return shelf.listing;
  shelf.listedAt = now;
  const listing = readShelf(handle, shelf);
  shelf.listing = listing;
  // A failed read is not kept: the next search tries again.
  listing.catch(() => shelf.listing === listing && (shelf.listing = null));
  return listing;
}

async function readShelf(handle: AgentHandle, shelf: Shelf): Promise<ShelvedConversation[]> {
  const page = await closedPage(handle, null);
  const stamp = (c: { updatedAt?: string; closedAt?: string }) => c.closedAt ?? c.updatedAt ?? '';
  const newest = [...page.conversations].sort((a, b) => (Date.parse(stamp(b)) || 0) - (Date.parse(stamp(a)) || 0)).slice(0, SEARCH_LIMITS.closedPerAgent);
  const kept = new Map<string, { stamp: string; conversation: ShelvedConversation }>();
  for (const c of newest) {
    const was = shelf.kept.get(c.id);
    const conversation = was && was.stamp === stamp(c) ? was.conversation : await readConversation(handle, c.id, c.title, stamp(c) || undefined);
    kept.set(c.id, { stamp: stamp(c), conversation });
  }
  shelf.kept = kept;
  return [...kept.values()].map((k) => k.conversation);
}

async function readConversation(handle: AgentHandle, id: string, title: string, at: string | undefined): Promise<ShelvedConversation> {
  const entries: SearchEntry[] = [];
  let chars = 0;
  let after: string | null = null;
  do {
    const page = await conversationHistory(handle, id, after);
    for (const entry of page.entries) {
      const kept = searchEntry(entry);
      chars += kept.words.length;
      if (chars > SEARCH_LIMITS.closedWordsChars || entries.length >= SEARCH_LIMITS.closedEntries) return { id, title, ...(at ? { at } : {}), entries };
      entries.push(kept);
    }
    after = page.next;
  } while (after !== null);
  return { id, title, ...(at ? { at } : {}), entries };
}
