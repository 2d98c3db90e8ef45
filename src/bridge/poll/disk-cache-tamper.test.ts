import { appendFile, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { BRIDGE_MEMORY, LIMITS } from '../../wire/limits';
import { AgentStore } from './agent-store';
import { DiskCache } from './disk-cache';
import { addItems, EPOCH, helloFrom, item, records, reloaded, snapshotWith, views } from './testing/disk-cache';

/** The cache file is untrusted input: what a crash, a bad disk or a hostile hand leaves in it. */
let dir: TempDir;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => dir.cleanup());

const file = () => join(dir.path, 'cache.jsonl');
const lines = (...records: unknown[]) => records.map((r) => `${typeof r === 'string' ? r : JSON.stringify(r)}\n`).join('');

async function saved(): Promise<{ store: AgentStore; cache: DiskCache }> {
  const store = new AgentStore('a', 'here');
  store.setHello(helloFrom('desk'));
  store.setSnapshot(snapshotWith(['p']));
  addItems(store, 'p', [item('i1'), item('i2')]);
  const cache = new DiskCache(dir.path, store, () => {});
  await cache.flush();
  addItems(store, 'p', [item('i3')]);
  await cache.flush();
  return { store, cache };
}

describe('a tampered or broken cache log', () => {
  it('drops a torn last line and keeps the rest; the next run writes the log whole before appending', async () => {
    const { store } = await saved();
    await appendFile(file(), '{"k":"add","id":"p","at":3,"entries":[{"type":"item","item":{"id":"i4","ki');
    const again = await reloaded(dir.path);
    expect(again.loaded).toBe(true);
    expect(views(again.store)).toEqual(views(store));
    expect(again.logs).toEqual(['[bridge] a: the cache had a torn last line (a write cut short); dropped, the rest is kept']);

    const next = new DiskCache(dir.path, again.store, () => {});
    addItems(again.store, 'p', [item('i4')]);
    await next.flush();
    expect(await readFile(file(), 'utf8')).toMatch(/^\{"k":"collie-cache","v":1\}\n(.+\n)+$/);
    await expect(records(file())).resolves.toBeDefined(); // every line is whole JSON again
    const third = await reloaded(dir.path);
    expect(third.logs).toEqual([]);
    expect(views(third.store)).toEqual(views(again.store));
  });

  it('drops records that do not read (garbage, wrong types, hostile keys) and keeps every record around them', async () => {
    const { store, cache } = await saved();
    const entry = { type: 'item', item: item('x') };
    await appendFile(
      file(),
      lines(
        'not JSON at all',
        '',
        [1, 2, 3],
        { k: 'hello', hello: { service: 'something-else', __proto__: { polluted: true } } },
        '{"__proto__":{"polluted":true},"k":"put","id":"__proto__","at":0,"entry":{"type":"item","item":{"id":"x","kind":"reply","text":"x"}}}',
        { k: 'add', id: 'p', at: '3', entries: [entry] },
        { k: 'add', id: 'p', at: 3, entries: { 0: entry } },
        { k: 'add', id: 'p/../q', at: 3, entries: [entry] },
        { k: 'meta', id: 'p', meta: { cursor: -1, epoch: EPOCH } },
        { k: 'meta', id: 'p', meta: { cursor: 1, epoch: 'not an epoch' } },
        '{"k":"trim","id":"p","from":1e400}',
        { k: 'snapshot', snapshot: { epoch: 'short', rev: 1 } },
        { k: 'put', id: 'nowhere', at: 0, entry },
        { k: 'constructor', id: 'p' },
        { k: 'add', id: 'p', at: 3, entries: [{ type: 'item', item: { id: 'l', kind: 'link', url: 'javascript:alert(1)' } }] },
      ),
    );
    addItems(store, 'p', [item('i4')]); // appended by the running cache after the garbage
    await cache.flush();
    const again = await reloaded(dir.path);
    expect(again.loaded).toBe(true);
    expect(views(again.store)).toEqual(views(store));
    expect(again.logs).toEqual(['[bridge] a: the cache had 14 records that did not read and 1 entry that did not read; dropped, the rest is kept']);
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect(again.store.panes.has('__proto__')).toBe(false);
  });

  it('cleans what it reads as it cleans an agent: over-long text is cut, controls and direction marks go', async () => {
    const snapshot = {
      ...snapshotWith(['p']),
      workspaces: [{ id: 'w', title: 'W\u202e', tabs: [{ id: 't', title: 'T', panes: [{ id: 'p', title: 'P\u0000', state: 'idle', asks: [], belt: [], cursor: 2 }] }] }],
    };
    const long = 'x'.repeat(LIMITS.itemTextBytes * 2);
    await writeFile(
      file(),
      lines(
        { k: 'collie-cache', v: 1 },
        { k: 'snapshot', snapshot },
        {
          k: 'pane',
          id: 'p',
          from: 0,
          meta: { cursor: 2, epoch: EPOCH, trimmed: false, turn: { id: 'a/b', state: 'running' } },
          entries: [{ type: 'item', item: { id: 'a', kind: 'reply', at: '', text: long } }],
        },
        {
          k: 'add',
          id: 'p',
          at: 1,
          entries: [{ type: 'decision', id: 'd', decidedBy: 'phone', title: 'Q\u202e?', askId: '../a', at: 'soon', answered: { labels: ['Y\u0007es', 42] } }],
        },
      ),
    );
    const { store, loaded, logs } = await reloaded(dir.path);
    expect(loaded).toBe(true);
    expect(logs).toEqual([]);
    const chat = store.chatJson('p')!;
    expect(chat.pane.title).toBe('P');
    expect(store.agentJson().conversations[0]!.place).toBe('W · T');
    const [first, second] = chat.entries;
    expect(first?.type === 'item' && first.item.kind === 'reply' && Buffer.byteLength(first.item.text)).toBeLessThanOrEqual(LIMITS.itemTextBytes);
    expect(second).toEqual({ type: 'decision', id: 'd', decidedBy: 'phone', title: 'Q?', answered: { labels: ['Yes'] } });
    expect(store.paneLog('p').turn).toBeNull(); // a turn id that is not an id: no turn
  });

  it('does not read a log over the file bound, says so, and the next save replaces it', async () => {
    await writeFile(file(), '');
    await truncate(file(), BRIDGE_MEMORY.cacheFileBytes + 1); // sparse: as big as a runaway run's log, without the disk
    const { store, loaded, logs } = await reloaded(dir.path);
    expect(loaded).toBe(false);
    expect(logs).toEqual([
      `[bridge] a: the cache is ${BRIDGE_MEMORY.cacheFileBytes + 1} bytes, over the ${BRIDGE_MEMORY.cacheFileBytes} the bridge keeps; it is ignored and rewritten`,
    ]);
    store.setSnapshot(snapshotWith(['p']));
    await new DiskCache(dir.path, store, () => {}).flush();
    expect((await stat(file())).size).toBeLessThan(1024);
    expect(views((await reloaded(dir.path)).store)).toEqual(views(store));
  });

  it('ignores a file that does not begin with the log header, and says so', async () => {
    await writeFile(file(), lines({ k: 'snapshot', snapshot: snapshotWith(['p']) }));
    const { loaded, logs } = await reloaded(dir.path);
    expect(loaded).toBe(false);
    expect(logs).toEqual(['[bridge] a: the cache is not a cache log; it is ignored and rewritten']);
  });
});
