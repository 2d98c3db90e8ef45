import { describe, expect, it, vi } from 'vitest';
import { BridgeHttpError, type BridgeClient } from '../phone-api-client';
import type { KeptCopies } from '../storage';
import type { SearchJson } from '../../wire/search-json';
import { createSearchStore, SEARCH_PAUSE_MS } from './search-store';

const at = '2026-12-05T08:00:00Z';
const reply = (query: string): SearchJson => ({
  query,
  conversations: [
    { agent: 'desk', place: { open: true, paneId: 'p' }, title: 'Deploy', titleMarks: [], hits: [{ entryId: 'i1', at, text: `said ${query}`, marks: [] }], matched: 1, at },
  ],
  unreached: [],
  more: false,
});

/** The chats a phone keeps, by their keys (chat-store.ts writes `["chat", agent, paneId]`). */
function kept(chats: Record<string, unknown>): KeptCopies {
  return {
    read: async (key, parse) => (key in chats ? { value: parse(chats[key])!, at: 1 } : null),
    write: async () => true,
    keys: async () => [...Object.keys(chats), 'dashboard'],
    clear: async () => {},
  };
}

describe('the search store', () => {
  it('asks the bridge once typing pauses, and shows only the newest search’s result', async () => {
    vi.useFakeTimers();
    try {
      const search = vi.fn(async (q: string) => reply(q));
      const store = createSearchStore({ search } as unknown as BridgeClient, kept({}), () => true);
      for (const q of ['m', 'mi', 'mig']) store.search(q);
      expect(store.busy.value).toBe(true);
      await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS + 10);
      expect(search.mock.calls.map(([q]) => q)).toEqual(['mig']);
      expect(store.result.value).toMatchObject({ query: 'mig', offline: false, conversations: [{ title: 'Deploy' }] });
      expect(store.busy.value).toBe(false);
      store.search('   ');
      expect(store.result.value).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('offline, or with the bridge not answering, searches the chats this phone keeps and says so', async () => {
    vi.useFakeTimers();
    try {
      const chat = {
        agent: { name: 'desk', where: 'here', status: 'ok', open: 1, needsYou: 0, caps: null },
        pane: { id: 'p', title: 'Deploy', workspaceId: 'w', tabId: 't', state: 'idle', turn: null, belt: [] },
        entries: [{ type: 'item', item: { id: 'i1', at, kind: 'reply', text: 'The migration failed.' } }],
        asks: [],
        trimmed: false,
        sends: [],
      };
      const copies = kept({ [JSON.stringify(['chat', 'desk', 'p'])]: chat });
      const failing = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
      for (const [online, search] of [
        [false, vi.fn()],
        [true, failing],
      ] as const) {
        const store = createSearchStore({ search } as unknown as BridgeClient, copies, () => online);
        store.search('migration');
        await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS + 10);
        expect(store.result.value).toMatchObject({ offline: true, refused: null, conversations: [{ agent: 'desk', title: 'Deploy', hits: [{ entryId: 'i1' }] }] });
      }
      // A refusal is the bridge answering, not the phone offline: the result names its code.
      const refusing = vi.fn(async () => Promise.reject(new BridgeHttpError(429, 'too-many-waits', 'slow down')));
      const store = createSearchStore({ search: refusing } as unknown as BridgeClient, copies, () => true);
      store.search('migration');
      await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS + 10);
      expect(store.result.value).toMatchObject({ offline: false, refused: 'too-many-waits', conversations: [{ title: 'Deploy' }] });
    } finally {
      vi.useRealTimers();
    }
  });
});
