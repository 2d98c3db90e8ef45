/**
 * `npm run bench` (`npx tsx src/bridge/bench/cache-save.ts` alone): what one disk-cache save
 * costs after one item is appended to a chat of 100, 2000 and 5000 items: wall time per save
 * (median and 90th percentile, fsync included) and the bytes it writes (median, and the mean over
 * all saves, so the occasional compaction is paid for in the mean). Also the first save of a run (which writes
 * everything) and a load at the end (a restart). Timings are for reading, never asserted.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Item } from '../../wire/types';
import { AgentStore } from '../poll/agent-store';
import { DiskCache } from '../poll/disk-cache';

const SIZES = [100, 2000, 5000];
const SAVES = 200;
const EPOCH = 'bench-epoch-0000000000000001';
const TEXT = 'A reply of a typical length, a sentence or two about what the agent did and why. '.repeat(3);

const item = (n: number): Item => ({ id: `i-${n}`, kind: 'reply', at: '2026-12-01T08:00:00Z', text: `${n} ${TEXT}` });

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
};

/** The cache's files in `folder`, whatever their names: bytes and inode of each. */
async function files(folder: string): Promise<Map<string, { size: number; ino: number }>> {
  const { readdir } = await import('node:fs/promises');
  const out = new Map<string, { size: number; ino: number }>();
  for (const name of await readdir(folder)) {
    const s = await stat(join(folder, name));
    out.set(name, { size: s.size, ino: s.ino });
  }
  return out;
}

/** Bytes a save wrote: a file that is new or was replaced (a new inode) counts whole, one that grew counts its growth. */
function written(before: Map<string, { size: number; ino: number }>, after: Map<string, { size: number; ino: number }>): number {
  let bytes = 0;
  for (const [name, now] of after) {
    const was = before.get(name);
    bytes += !was || was.ino !== now.ino ? now.size : Math.max(0, now.size - was.size);
  }
  return bytes;
}

async function measure(items: number) {
  const folder = await mkdtemp(join(tmpdir(), 'collie-cache-bench-'));
  try {
    const store = new AgentStore('bench', 'here');
    store.setSnapshot({
      epoch: EPOCH,
      rev: 1,
      workspaces: [{ id: 'w', title: 'W', tabs: [{ id: 't', title: 'T', panes: [{ id: 'p', title: 'P', state: 'idle', turn: null, asks: [], belt: [], cursor: items }] }] }],
      starters: [],
    });
    const log = store.paneLog('p');
    log.apply({ epoch: EPOCH, cursor: items, view: true, items: Array.from({ length: items }, (_, n) => item(n)), asks: [], turn: null, trimmed: false });
    const cache = new DiskCache(folder, store, (line) => console.error(line));
    let start = performance.now();
    await cache.flush(); // the first save of a run writes everything; what follows is the steady state
    const first = performance.now() - start;
    const ms: number[] = [];
    const bytes: number[] = [];
    for (let n = items; n < items + SAVES; n += 1) {
      log.apply({ epoch: EPOCH, cursor: n + 1, view: false, events: [{ seq: n + 1, type: 'item', item: item(n) }] });
      const before = await files(folder);
      start = performance.now();
      await cache.flush();
      ms.push(performance.now() - start);
      bytes.push(written(before, await files(folder)));
    }
    const mean = bytes.reduce((a, b) => a + b, 0) / bytes.length;
    const total = [...(await files(folder)).values()].reduce((a, f) => a + f.size, 0);
    const loads: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      start = performance.now();
      await new DiskCache(folder, new AgentStore('bench', 'here'), (line) => console.error(line)).load();
      loads.push(performance.now() - start);
    }
    console.log(
      `${String(items).padStart(5)} items: ${percentile(ms, 0.5).toFixed(2)} ms/save median, ${percentile(ms, 0.9).toFixed(2)} ms p90; ` +
        `${percentile(bytes, 0.5)} B written median, ${Math.round(mean)} B mean; file ${total} B after ${SAVES} saves; ` +
        `first save ${first.toFixed(2)} ms, load ${percentile(loads, 0.5).toFixed(2)} ms`,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

for (const items of SIZES) await measure(items);
