import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { BRIDGE_MEMORY } from '../../wire/limits';
import { appendPrivateFile, writePrivateFile } from '../fs/private-file';
import { AgentStore } from './agent-store';
import { compactionBound, DiskCache } from './disk-cache';
import { addItems, choiceAsk, EPOCH, helloFrom, item, records, reloaded, snapshotWith, views, watchedFiles } from './testing/disk-cache';

let dir: TempDir;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => dir.cleanup());

const file = () => join(dir.path, 'cache.jsonl');
const realFiles = { write: writePrivateFile, append: appendPrivateFile };

/** A store as a poll leaves it: a hello, two open panes (one with an ask), a few items. */
function polled(): AgentStore {
  const store = new AgentStore('a', 'here');
  store.setHello(helloFrom('desk'));
  store.setSnapshot(snapshotWith(['p', 'q'], 1, { p: [choiceAsk('a1', 'Deploy?')] }));
  addItems(store, 'p', [item('i1'), item('i2')]);
  addItems(store, 'q', [item('j1')]);
  return store;
}

describe('the disk cache as a log', () => {
  it('appends each change as records of that change, and reads back exactly what the store shows', async () => {
    const store = polled();
    const cache = new DiskCache(dir.path, store, () => {});
    await cache.flush();
    const compacted = await records(file());
    expect(compacted.map((r) => r.k)).toEqual(['collie-cache', 'hello', 'snapshot', 'pane', 'pane']);

    addItems(store, 'p', [item('i3')]);
    await cache.flush();
    expect((await records(file())).slice(compacted.length)).toEqual([
      { k: 'add', id: 'p', at: 2, entries: [{ type: 'item', item: item('i3') }] },
      { k: 'meta', id: 'p', meta: { cursor: 3, epoch: EPOCH, trimmed: false, turn: null } },
    ]);

    // An item changed in place, an ask closed, a turn; a pane gone and a new one; a new hello.
    const p = store.paneLog('p');
    const seq = p.cursor;
    p.apply({
      epoch: EPOCH,
      cursor: seq + 3,
      view: false,
      events: [
        { seq: seq + 1, type: 'item', item: item('i1', 'edited') },
        { seq: seq + 2, type: 'ask-closed', askId: 'a1', decidedBy: 'phone', outcome: { optionIds: ['y'] } },
        { seq: seq + 3, type: 'turn', turn: { id: 'turn-1', state: 'running', queued: 0 } },
      ],
    });
    store.setHello(helloFrom('desk-renamed'));
    store.setSnapshot(snapshotWith(['p', 'r'], 2));
    await cache.flush();
    const second = await records(file());
    expect(second.slice(compacted.length + 2).map((r) => `${String(r.k)} ${String(r.id ?? '')}`)).toEqual(['hello ', 'snapshot ', 'gone q', 'put p', 'add p', 'meta p', 'pane r']);

    // The oldest entry trimmed, and an item in the new pane.
    p.keepWithin(p.bytes - 1);
    addItems(store, 'r', [item('k1')]);
    await cache.flush();
    expect((await records(file())).slice(second.length).map((r) => `${String(r.k)} ${String(r.id)}`)).toEqual(['trim p', 'meta p', 'add r', 'meta r']);

    const again = await reloaded(dir.path);
    expect(again).toMatchObject({ loaded: true, logs: [] });
    expect(views(again.store)).toEqual(views(store));
    expect(again.store.chatJson('p')!.entries[0]).toEqual({ type: 'item', item: item('i2') });
  });

  it('writes nothing when nothing it keeps has changed', async () => {
    const store = polled();
    const files = watchedFiles(realFiles);
    const cache = new DiskCache(dir.path, store, () => {}, { files });
    await cache.flush();
    const size = (await stat(file())).size;
    store.setStatus('ok'); // the phone sees it, the cache does not keep it
    store.setSnapshot(snapshotWith(['p', 'q'], 1, { p: [choiceAsk('a1', 'Deploy?')] })); // equal, though a new object
    await cache.flush();
    expect({ writes: files.writes, appends: files.appends, size: (await stat(file())).size }).toEqual({ writes: 1, appends: 0, size });
  });

  it('compacts when the log would pass twice its last compaction, so the file stays bounded', async () => {
    const store = polled();
    const files = watchedFiles(realFiles);
    const floorBytes = 4096;
    const cache = new DiskCache(dir.path, store, () => {}, { files, floorBytes });
    await cache.flush();
    let compactedBytes = (await stat(file())).size;
    let writes = files.writes;
    for (let n = 0; n < 300; n += 1) {
      addItems(store, 'p', [item(`n-${n}`)]);
      await cache.flush();
      const size = (await stat(file())).size;
      if (files.writes > writes) [writes, compactedBytes] = [files.writes, size];
      expect(size).toBeLessThanOrEqual(Math.max(2 * compactedBytes, floorBytes));
    }
    expect(files.writes).toBeGreaterThan(2); // compactions beyond the run's first
    expect(files.appends + files.writes).toBe(301);
    expect(views((await reloaded(dir.path)).store)).toEqual(views(store));
  });

  it('never lets the log grow past the file bound, however large its last compaction', () => {
    expect(compactionBound(1000, 4096)).toBe(4096);
    expect(compactionBound(10_000, 4096)).toBe(20_000);
    expect(compactionBound(30 * 1024 * 1024)).toBe(BRIDGE_MEMORY.cacheFileBytes);
  });

  it('a change made while a compaction is being written goes into the next save', async () => {
    const store = polled();
    const files = watchedFiles(realFiles);
    const cache = new DiskCache(dir.path, store, () => {}, { files });
    const held = files.holdNextWrite();
    const compaction = cache.flush();
    await held.started; // the compaction has read the store and is on its way to the disk
    addItems(store, 'p', [item('during')]);
    const next = cache.flush();
    held.release();
    await Promise.all([compaction, next]);
    expect({ writes: files.writes, appends: files.appends }).toEqual({ writes: 1, appends: 1 });
    const again = await reloaded(dir.path);
    expect(views(again.store)).toEqual(views(store));
    expect(again.store.chatJson('p')!.entries.at(-1)).toEqual({ type: 'item', item: item('during') });
  });

  it('an append that fails is followed at once by a compaction, so nothing is lost', async () => {
    const store = polled();
    let failures = 1;
    const files = {
      write: writePrivateFile,
      async append(path: string, text: string) {
        if (failures-- > 0) {
          await appendPrivateFile(path, text.slice(0, 10)); // a few bytes got out before the failure
          throw new Error('ENOSPC: no space left on device');
        }
        await appendPrivateFile(path, text);
      },
    };
    const logs: string[] = [];
    const cache = new DiskCache(dir.path, store, (line) => logs.push(line), { files });
    await cache.flush();
    addItems(store, 'p', [item('i3')]);
    await cache.flush();
    addItems(store, 'p', [item('i4')]);
    await cache.flush();
    expect(logs).toEqual([]);
    const again = await reloaded(dir.path);
    expect(again.logs).toEqual([]);
    expect(views(again.store)).toEqual(views(store));
  });

  it('reads an old cache.json once, and the first save replaces it with the log', async () => {
    const store = polled();
    const panes = Object.fromEntries([...store.panes].map(([id, log]) => [id, log.saved()]));
    await writePrivateFile(join(dir.path, 'cache.json'), JSON.stringify({ hello: store.hello, snapshot: store.snapshot, panes }));
    const restored = new AgentStore('a', 'here');
    const cache = new DiskCache(dir.path, restored, () => {});
    expect(await cache.load()).toBe(true);
    expect(views(restored)).toEqual(views(store));
    await cache.flush();
    expect(await readdir(dir.path)).toEqual(['cache.jsonl']);
    expect(views((await reloaded(dir.path)).store)).toEqual(views(store));
  });
});
