import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatEntry, HistoryJson } from '../../wire/bridge-json';
import { createOlderItems } from './older-items';
import { walkToItem } from './older-walk';

afterEach(() => vi.restoreAllMocks());

const item = (n: number): ChatEntry => ({ type: 'item', item: { id: `m${n}`, at: '2026-03-01T10:00:00Z', kind: 'reply', text: `message ${n}` } });
const ids = (entries: readonly ChatEntry[]) => entries.map((e) => (e.type === 'item' ? e.item.id : e.id));

/** A history of `total` items, oldest first, `size` a page, with cursors it alone can read. */
function history(total: number, size: number, trimmed = false) {
  const reads: (string | null)[] = [];
  const page = (after: string | null): Promise<HistoryJson> => {
    reads.push(after);
    const start = after === null ? 0 : Number(after.slice(1));
    const entries = Array.from({ length: Math.min(size, total - start) }, (_, i) => item(start + i + 1));
    const end = start + entries.length;
    return Promise.resolve({ conversation: { id: 'c', title: 'C' }, entries, next: end < total ? `@${end}` : null, trimmed });
  };
  return { page, reads };
}

describe('walking the history to the first shown item', () => {
  it('pages forward until the page that holds it, and keeps what comes before it', async () => {
    const { page, reads } = history(1200, 500);
    const walk = await walkToItem(page, 'm1001');
    expect(reads).toEqual([null, '@500', '@1000']);
    expect(walk).toMatchObject({ found: true, complete: true, trimmed: false });
    expect(ids(walk.before)).toEqual(Array.from({ length: 1000 }, (_, i) => `m${i + 1}`));
  });

  it('keeps only the tail just before it, and says the past goes further back', async () => {
    const { page } = history(1200, 500);
    const walk = await walkToItem(page, 'm1001', 300);
    expect(ids(walk.before)).toEqual(Array.from({ length: 300 }, (_, i) => `m${i + 701}`));
    expect(walk.complete).toBe(false);
  });

  it('finds nothing older when the first item is the history’s first, and passes on trimmed', async () => {
    const { page } = history(10, 5, true);
    expect(await walkToItem(page, 'm1')).toEqual({ before: [], found: true, complete: true, trimmed: true });
  });

  it('gives up, with nothing to show, when the history never holds the item', async () => {
    const { page, reads } = history(5000, 100);
    expect(await walkToItem(page, 'elsewhere', 3000, 4)).toMatchObject({ before: [], found: false });
    expect(reads).toHaveLength(4);
  });
});

describe('older items above the live chat', () => {
  const live = [item(1001), item(1002)];

  it('shows them a part at a time, newest part first, and then says the start is reached', async () => {
    const { page, reads } = history(1002, 500);
    const older = createOlderItems({ reveal: 400 });
    older.follow(live);
    await older.load('m1001', page);
    expect(ids(older.entries.value)).toEqual(Array.from({ length: 400 }, (_, i) => `m${i + 601}`));
    expect(older.phase.value).toBe('idle');
    await older.load('m601', page);
    await older.load('m201', page);
    expect(ids(older.entries.value)).toHaveLength(1000);
    expect(ids(older.entries.value).slice(0, 2)).toEqual(['m1', 'm2']);
    expect(older.phase.value).toBe('start');
    expect(reads).toHaveLength(3); // one walk served all three
    await older.load('m1', page);
    expect(reads).toHaveLength(3);
  });

  it('walks again for the rest when one walk kept only a tail', async () => {
    const { page, reads } = history(1002, 500);
    const older = createOlderItems({ reveal: 600, keep: 600 });
    older.follow(live);
    await older.load('m1001', page);
    expect(ids(older.entries.value).slice(0, 1)).toEqual(['m401']);
    expect(older.phase.value).toBe('idle');
    await older.load('m401', page);
    expect(ids(older.entries.value)).toEqual(Array.from({ length: 1000 }, (_, i) => `m${i + 1}`));
    expect(reads).toEqual([null, '@500', '@1000', null]); // the second walk ends on the first page
    expect(older.phase.value).toBe('start');
  });

  it('forgets them when the live chat no longer starts where it did, and ignores a walk that ends after', async () => {
    const { page } = history(1002, 500);
    const older = createOlderItems();
    older.follow(live);
    await older.load('m1001', page);
    expect(older.entries.value.length).toBeGreaterThan(0);
    older.follow([item(1002)]);
    expect(older.entries.value).toEqual([]);
    expect(older.phase.value).toBe('idle');

    const late = older.load('m1002', page);
    older.reset();
    await late;
    expect(older.entries.value).toEqual([]);
  });

  it('says it failed, and tries again on the next load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const older = createOlderItems();
    older.follow(live);
    await older.load('m1001', () => Promise.reject(new Error('agent away')));
    expect(older.phase.value).toBe('failed');
    await older.load('m1001', history(1002, 500).page);
    expect(older.phase.value).toBe('idle');
    expect(older.entries.value.length).toBeGreaterThan(0);
  });
});
