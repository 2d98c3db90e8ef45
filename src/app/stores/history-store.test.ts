import { describe, expect, it } from 'vitest';
import type { ChatEntry, HistoryJson } from '../../wire/bridge-json';
import { BridgeHttpError, type BridgeClient } from '../phone-api-client';
import { createHistoryStore } from './history-store';
import { OLDER_KEEP } from './older-limits';

const item = (n: number): ChatEntry => ({ type: 'item', item: { id: `m${n}`, at: '2026-03-01T10:00:00Z', kind: 'reply', text: `message ${n}` } });
const ids = (entries: readonly ChatEntry[]) => entries.map((e) => (e.type === 'item' ? e.item.id : e.id));
const settle = () => new Promise((done) => setTimeout(done, 0));

/** A client whose agent keeps one closed conversation of `total` items, `size` a page. */
function clientWith(total: number, size: number, fail?: Error) {
  const reads: (string | null)[] = [];
  const history = (_agent: string, _id: string, after: string | null): Promise<HistoryJson> => {
    reads.push(after);
    if (fail) return Promise.reject(fail);
    const start = after === null ? 0 : Number(after.slice(1));
    const entries = Array.from({ length: Math.min(size, total - start) }, (_, i) => item(start + i + 1));
    const end = start + entries.length;
    return Promise.resolve({ conversation: { id: 'c', title: 'Old release' }, entries, next: end < total ? `@${end}` : null, trimmed: false });
  };
  const client = { history, agent: () => Promise.resolve({ changed: false }) } as unknown as BridgeClient;
  return { client, reads };
}

describe('a closed conversation read from the history', () => {
  it('is read to its end before it shows, so it opens at its newest item', async () => {
    const { client, reads } = clientWith(1200, 500);
    const store = createHistoryStore(client);
    store.show('desk', 'c');
    expect([store.title.value, store.entries.value]).toEqual([null, []]); // still reading: the screen says so
    await settle();
    expect(reads).toEqual([null, '@500', '@1000']);
    expect(store.title.value).toBe('Old release');
    expect(ids(store.entries.value).at(-1)).toBe('m1200');
    expect(store.entries.value).toHaveLength(1200);
    expect(store.olderPhase.value).toBe('start'); // all of it shows: nothing older to load
  });

  it('keeps the newest part of a very long one, and shows the older part on scrolling up', async () => {
    const total = OLDER_KEEP + 500;
    const { client } = clientWith(total, 1000);
    const store = createHistoryStore(client);
    store.show('desk', 'c');
    await settle();
    expect(store.entries.value).toHaveLength(OLDER_KEEP);
    expect(ids(store.entries.value)[0]).toBe('m501');
    expect(store.olderPhase.value).toBe('idle');
    await store.loadOlder();
    expect(ids(store.entries.value)[0]).toBe('m201'); // 300 more above
    await store.loadOlder();
    expect(ids(store.entries.value)[0]).toBe('m1');
    expect(store.entries.value).toHaveLength(total);
    expect(store.olderPhase.value).toBe('start');
  });

  it('says when the agent gives nothing, and when it no longer knows the conversation', async () => {
    let store = createHistoryStore(clientWith(10, 5, new Error('down')).client);
    store.show('desk', 'c');
    await settle();
    expect([store.failed.value, store.gone.value]).toEqual([true, false]);
    store = createHistoryStore(clientWith(10, 5, new BridgeHttpError(404, 'no-such-conversation', 'gone')).client);
    store.show('desk', 'c');
    await settle();
    expect([store.failed.value, store.gone.value]).toEqual([false, true]);
  });
});
