import type { ChatEntry } from './bridge-json';
import { SEARCH_LIMITS, type SearchConversation, type SearchHit, type SearchPlace } from './search-json';
import { contextLine, entryWords, findTerms } from './search-text';

/** An entry's words, made once per entry object (entries are replaced, never changed in place). */
const wordsMade = new WeakMap<ChatEntry, string>();
export function wordsOf(entry: ChatEntry): string {
  let words = wordsMade.get(entry);
  if (words === undefined) {
    words = entryWords(entry).slice(0, SEARCH_LIMITS.entryWordsChars);
    wordsMade.set(entry, words);
  }
  return words;
}

/** An entry as a search reads it: its id, time and words. */
export interface SearchEntry {
  id: string;
  at?: string;
  words: string;
}

export const searchEntry = (entry: ChatEntry): SearchEntry => {
  const id = entry.type === 'item' ? entry.item.id : entry.id;
  const at = entry.type === 'item' ? entry.item.at : entry.at;
  return at === undefined ? { id, words: wordsOf(entry) } : { id, at, words: wordsOf(entry) };
};

/**
 * One conversation's part of a search: null when neither its title nor any entry holds every
 * term. `entries` run oldest first; the hits are the newest matching ones.
 */
export function matchConversation(
  conversation: { agent: string; machine?: string; place: SearchPlace; title: string; activeAt?: string },
  entries: readonly (SearchEntry | ChatEntry)[],
  terms: readonly string[],
): SearchConversation | null {
  const hits: SearchHit[] = [];
  let matched = 0;
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const raw = entries[i]!;
    const entry = 'words' in raw ? raw : searchEntry(raw);
    const marks = findTerms(entry.words, terms);
    if (!marks) continue;
    matched += 1;
    if (hits.length >= SEARCH_LIMITS.hitsPerConversation) continue;
    const line = contextLine(entry.words, marks);
    hits.push({ entryId: entry.id, ...(entry.at ? { at: entry.at } : {}), text: line.text, marks: line.marks });
  }
  const titleMarks = findTerms(conversation.title, terms);
  if (matched === 0 && !titleMarks) return null;
  const at = hits[0]?.at ?? conversation.activeAt;
  return {
    agent: conversation.agent,
    ...(conversation.machine ? { machine: conversation.machine } : {}),
    place: conversation.place,
    title: conversation.title,
    titleMarks: titleMarks ?? [],
    hits,
    matched,
    ...(at ? { at } : {}),
  };
}

/** Newest first (a conversation without a time last; at one time, open before closed, then by title), at most the reply's share. */
export function newestFirst(found: SearchConversation[]): { conversations: SearchConversation[]; more: boolean } {
  const time = (c: SearchConversation) => (c.at ? Date.parse(c.at) || 0 : 0);
  const sorted = [...found].sort((a, b) => time(b) - time(a) || Number(b.place.open) - Number(a.place.open) || a.title.localeCompare(b.title));
  return { conversations: sorted.slice(0, SEARCH_LIMITS.conversations), more: sorted.length > SEARCH_LIMITS.conversations };
}
