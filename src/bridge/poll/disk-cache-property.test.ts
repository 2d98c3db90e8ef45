import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { parseItem } from '../../wire/parse-item';
import type { Item } from '../../wire/types';
import { AgentStore } from './agent-store';
import { DiskCache } from './disk-cache';
import { choiceAsk, EPOCH, helloFrom, reloaded, snapshotWith, views } from './testing/disk-cache';

/**
 * Any sequence of the changes a poll makes (items new and replaced, asks closed, turns, views
 * replacing a pane whole, trims, panes closing and opening, a new hello), saved at any points and
 * across restarts, loads back as exactly what the store shows.
 */
let dir: TempDir;
let run = 0;
beforeAll(async () => {
  dir = await tempDir();
});
afterAll(() => dir.cleanup());

const PANES = ['p', 'q', 'r'];
/** A few ids, so that items are often replaced in place. */
const itemArb = fc
  .record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), text: fc.string({ unit: 'binary', maxLength: 24 }) })
  .map(({ id, text }) => parseItem({ id, kind: 'reply', at: '', text }) as Item);
const paneArb = fc.nat({ max: PANES.length - 1 });

const change = fc.oneof(
  fc.record({ op: fc.constant('items' as const), pane: paneArb, items: fc.array(itemArb, { minLength: 1, maxLength: 4 }) }),
  fc.record({ op: fc.constant('view' as const), pane: paneArb, items: fc.array(itemArb, { maxLength: 4 }), trimmed: fc.boolean() }),
  fc.record({ op: fc.constant('ask-closed' as const), pane: paneArb }),
  // An ask about an item: its line goes in just before that item, moving the entries after it.
  fc.record({ op: fc.constant('ask-about' as const), pane: paneArb, item: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g') }),
  fc.record({ op: fc.constant('turn' as const), pane: paneArb, state: fc.constantFrom('running' as const, 'done' as const) }),
  fc.record({ op: fc.constant('trim' as const), pane: paneArb, keep: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ op: fc.constant('panes' as const), open: fc.subarray(PANES), asks: fc.boolean() }),
  fc.record({ op: fc.constant('hello' as const), name: fc.constantFrom('desk', 'desk-2') }),
  fc.constant({ op: 'save' as const }),
  fc.constant({ op: 'restart' as const }),
);
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

function apply(store: AgentStore, c: Exclude<Change, { op: 'save' | 'restart' }>, rev: number): void {
  if (c.op === 'hello') return store.setHello(helloFrom(c.name));
  if (c.op === 'panes') return store.setSnapshot(snapshotWith(c.open, rev, c.asks && c.open[0] ? { [c.open[0]]: [choiceAsk(`ask-${rev}`, `Ask ${rev}?`)] } : {}));
  // Only open panes change, as with the poller.
  const open = [...store.panes.keys()];
  const id = open[c.pane % Math.max(1, open.length)];
  if (id === undefined) return;
  const log = store.paneLog(id);
  const seq = log.cursor + 1;
  if (c.op === 'items') log.apply({ epoch: EPOCH, cursor: seq + c.items.length, view: false, events: c.items.map((item, n) => ({ seq: seq + n, type: 'item', item })) });
  if (c.op === 'view') log.apply({ epoch: EPOCH, cursor: seq, view: true, items: c.items, asks: [], turn: null, trimmed: c.trimmed });
  if (c.op === 'ask-closed')
    log.apply({ epoch: EPOCH, cursor: seq, view: false, events: [{ seq, type: 'ask-closed', askId: `ask-${rev - 1}`, decidedBy: 'phone', outcome: { optionIds: ['y'] } }] });
  if (c.op === 'ask-about') {
    const ask = { ...choiceAsk(`about-${seq}`, `About ${c.item}?`), itemId: c.item };
    log.apply({ epoch: EPOCH, cursor: seq, view: false, events: [{ seq, type: 'ask', ask }] });
    log.apply({ epoch: EPOCH, cursor: seq + 1, view: false, events: [{ seq: seq + 1, type: 'ask-closed', askId: ask.id, decidedBy: 'phone', outcome: { optionIds: ['y'] } }] });
  }
  if (c.op === 'turn') log.apply({ epoch: EPOCH, cursor: seq, view: false, events: [{ seq, type: 'turn', turn: { id: `turn-${seq}`, state: c.state, queued: 0 } }] });
  if (c.op === 'trim') log.keepWithin(Math.floor(log.bytes * c.keep));
  store.changed();
}

describe('the disk cache, over random changes', () => {
  it('loads back exactly what the store shows, after any changes, saves and restarts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { maxLength: 40 }), async (changes) => {
        const folder = `${dir.path}/run-${(run += 1)}`;
        let store = new AgentStore('a', 'here');
        store.setSnapshot(snapshotWith(PANES));
        // A small floor, so that compactions come often in short runs.
        let cache = new DiskCache(folder, store, () => {}, { floorBytes: 512 });
        let rev = 2;
        for (const c of changes) {
          if (c.op === 'save') await cache.flush();
          else if (c.op === 'restart') {
            await cache.flush();
            const again = await reloaded(folder);
            expect(again.logs).toEqual([]);
            expect(views(again.store)).toEqual(views(store));
            store = again.store;
            cache = new DiskCache(folder, store, () => {}, { floorBytes: 512 });
          } else apply(store, c, (rev += 1));
        }
        await cache.flush();
        const again = await reloaded(folder);
        expect(again).toMatchObject({ loaded: true, logs: [] });
        expect(views(again.store)).toEqual(views(store));
      }),
      { numRuns: 150 },
    );
  });
});
