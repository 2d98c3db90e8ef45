import { signal, type ReadonlySignal } from '@preact/signals';
import { BridgeHttpError, type BridgeClient } from '../phone-api-client';
import type { KeptCopies } from '../storage';
import { parseChatView } from '../offline/parse-views';
import { parseSearch } from '../../wire/parse-search';
import type { SearchConversation } from '../../wire/search-json';
import { matchConversation, newestFirst } from '../../wire/search-match';
import { queryTerms } from '../../wire/search-text';

/** What a search found, and where: the bridge, or (offline) only what this phone keeps. */
export interface SearchResult {
  query: string;
  conversations: SearchConversation[];
  unreached: string[];
  more: boolean;
  /** Only the chats this phone keeps were searched: the phone is offline, or the bridge did not answer. */
  offline: boolean;
  /** The bridge answered with a refusal (its error code): the kept chats were searched instead. */
  refused: string | null;
}

export interface SearchStore {
  result: ReadonlySignal<SearchResult | null>;
  /** A search is under way for what was typed last. */
  busy: ReadonlySignal<boolean>;
  /** Searches `query` once typing pauses (a blank one clears the results). */
  search(query: string): void;
}

/** Typing pauses this long before a search goes out (ms): one search per word, not per key. */
export const SEARCH_PAUSE_MS = 250;

/**
 * The search screen's store: each search goes to the bridge, which searches every agent; when
 * the phone is offline or the bridge does not answer, the chats this phone keeps are searched
 * instead, and the result says so. Only the newest search's result is shown.
 */
export function createSearchStore(client: BridgeClient, copies: KeptCopies, online: () => boolean, setTimer = setTimeout): SearchStore {
  const result = signal<SearchResult | null>(null);
  const busy = signal(false);
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function run(query: string, mine: number): Promise<void> {
    let found: SearchResult;
    try {
      if (!online()) throw new Error('offline');
      const reply = parseSearch(await client.search(query));
      if (!reply) throw new Error('unreadable');
      found = { ...reply, query, offline: false, refused: null };
    } catch (err) {
      const refused = err instanceof BridgeHttpError && err.status < 500 ? err.code : null;
      found = { query, ...(await searchKept(copies, query)), unreached: [], offline: refused === null, refused };
    }
    if (mine !== asked) return;
    // Drawn in a task of its own, not in the one that read and cleaned the reply.
    await new Promise((resolve) => setTimer(resolve, 0));
    if (mine !== asked) return;
    result.value = found;
    busy.value = false;
  }

  return {
    result,
    busy,
    search(query) {
      clearTimeout(timer);
      const mine = ++asked;
      if (queryTerms(query).length === 0) {
        result.value = null;
        busy.value = false;
        return;
      }
      busy.value = true;
      timer = setTimer(() => void run(query, mine), SEARCH_PAUSE_MS);
    },
  };
}

/** The chats this phone keeps, searched as the bridge searches (search-match.ts). */
async function searchKept(copies: KeptCopies, query: string): Promise<{ conversations: SearchConversation[]; more: boolean }> {
  const terms = queryTerms(query);
  const found: SearchConversation[] = [];
  for (const key of await copies.keys()) {
    const name = chatCopyName(key);
    if (!name) continue;
    const kept = await copies.read(key, parseChatView);
    if (!kept) continue;
    const { pane, entries } = kept.value;
    const match = matchConversation({ agent: name.agent, place: { open: true, paneId: pane.id }, title: pane.title }, entries, terms);
    if (match) found.push(match);
  }
  return newestFirst(found);
}

/** The agent of a kept chat's key (`["chat", agent, paneId]`, chat-store.ts), or null for any other copy. */
function chatCopyName(key: string): { agent: string } | null {
  try {
    const name: unknown = JSON.parse(key);
    return Array.isArray(name) && name[0] === 'chat' && typeof name[1] === 'string' ? { agent: name[1] } : null;
  } catch {
    return null;
  }
}
