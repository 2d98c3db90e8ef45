import { stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { BRIDGE_MEMORY, LIMITS } from '../../wire/limits';
import { AgentLink, type Deadlines } from '../link/agent-link';
import { AgentStore } from './agent-store';
import { DiskCache } from './disk-cache';
import { Poller } from './poller';
import { scriptedAgent, type ScriptedAgent } from '../testing/scripted-agent';

/**
 * Integration: an agent that stays inside every per-reply limit but never stops writing (items of
 * 64 KiB, page after page) cannot grow the bridge past its memory budget, and the cache it leaves
 * behind loads within the same budget.
 */
let dir: TempDir;
const ROOMY: Deadlines = { socket: { read: 60_000, write: 60_000, starter: 60_000 }, url: { read: 60_000, write: 60_000, starter: 60_000 } };
let agent: ScriptedAgent;
let logs: string[];

beforeEach(async () => {
  dir = await tempDir();
  agent = await scriptedAgent(dir.path);
  logs = [];
});
afterEach(async () => {
  await agent.close();
  await dir.cleanup();
});

const BIG = 'x'.repeat(LIMITS.itemTextBytes - 16);
const bigItem = (n: number) => ({ id: `i-${n}`, kind: 'reply', at: '2026-12-01T08:00:00Z', text: `${n} ${BIG}`.slice(0, LIMITS.itemTextBytes) });

/** The flood: the agent has written `written` items to pane p; events pages hand them out 100 at a time. */
function flood() {
  const pane = { id: 'p', cursor: 0 };
  agent.panes.push(pane);
  agent.routes.set('/pane/:id/events', (url) => {
    const after = Number(url.searchParams.get('after') ?? 0);
    const end = Math.min(after + 100, pane.cursor);
    const events = [];
    for (let n = after; n < end; n += 1) events.push({ seq: n + 1, type: 'item', item: bigItem(n) });
    return { status: 200, body: { epoch: agent.state.epoch, cursor: end, view: false, events } };
  });
  return {
    round() {
      pane.cursor += 100;
      agent.state.rev += 1;
    },
  };
}

describe('the memory budget of one agent', () => {
  it('keeps a flooding pane within its bytes over 16 rounds, and its chat read stays small', async () => {
    const store = new AgentStore('scripted', 'here');
    // Megabytes a round: the reads are given a loaded machine's time (the deadlines are tested elsewhere).
    const poller = new Poller(store, new AgentLink(agent.source, undefined, ROOMY), (line) => logs.push(line));
    const { round } = flood();
    for (let r = 0; r < 16; r += 1) {
      round();
      await poller.poll();
      expect(store.row().status).toBe('ok');
      expect(store.paneLog('p').bytes).toBeLessThanOrEqual(BRIDGE_MEMORY.paneBytes);
    }
    const log = store.paneLog('p');
    expect(log.cursor).toBe(1600); // every item was read; the oldest were let go
    expect(log.trimmed).toBe(true);
    expect(store.bytes()).toBeLessThanOrEqual(BRIDGE_MEMORY.agentBytes);
    const last = log.entries.at(-1);
    expect(last?.type === 'item' && last.item.id).toBe('i-1599');
    const chat = JSON.stringify(store.chatJson('p'));
    expect(Buffer.byteLength(chat)).toBeLessThanOrEqual(BRIDGE_MEMORY.paneBytes + LIMITS.itemTextBytes);

    // What it leaves on disk is within the file bound and loads back within the budget.
    const cache = new DiskCache(dir.path, store, (line) => logs.push(line));
    await cache.flush();
    expect((await stat(join(dir.path, 'cache.jsonl'))).size).toBeLessThanOrEqual(BRIDGE_MEMORY.cacheFileBytes);
    const again = new AgentStore('scripted', 'here');
    expect(await new DiskCache(dir.path, again, () => {}).load()).toBe(true);
    expect(again.paneLog('p').entries.at(-1)).toEqual(last);
    expect(again.paneLog('p').bytes).toBeLessThanOrEqual(BRIDGE_MEMORY.paneBytes);
  });
});

describe('the disk cache within the budget', () => {
  const snapshot = {
    epoch: 'scripted-epoch-000000000001',
    rev: 1,
    workspaces: [{ id: 'w', title: 'W', tabs: [{ id: 't', title: 'T', panes: [{ id: 'p', title: 'P', state: 'idle', turn: null, asks: [], belt: [], cursor: 200 }] }] }],
    starters: [],
  };

  it('trims a cache from an older, bigger run to the budget as it loads', async () => {
    const entries = Array.from({ length: 200 }, (_, n) => ({ type: 'item', item: bigItem(n) }));
    await writeFile(join(dir.path, 'cache.json'), JSON.stringify({ snapshot, panes: { p: { cursor: 200, epoch: snapshot.epoch, trimmed: false, turn: null, entries } } }));
    const store = new AgentStore('scripted', 'here');
    expect(await new DiskCache(dir.path, store, () => {}).load()).toBe(true);
    const log = store.paneLog('p');
    expect(log.bytes).toBeLessThanOrEqual(BRIDGE_MEMORY.paneBytes);
    expect(log.trimmed).toBe(true);
    expect(log.entries.at(-1)).toEqual(entries.at(-1));
  });

  it('does not read a cache file over the file bound, and says so', async () => {
    const file = join(dir.path, 'cache.json');
    await writeFile(file, '');
    await truncate(file, 100 * 1024 * 1024); // sparse: as big as a runaway run's cache, without the disk
    const store = new AgentStore('scripted', 'here');
    expect(await new DiskCache(dir.path, store, (line) => logs.push(line)).load()).toBe(false);
    expect(logs).toEqual([`[bridge] scripted: the cache is ${100 * 1024 * 1024} bytes, over the ${BRIDGE_MEMORY.cacheFileBytes} the bridge keeps; it is ignored and rewritten`]);
  });

  it('a write that cannot be made is reported, never thrown out of its timer', async () => {
    const store = new AgentStore('scripted', 'here');
    // Something JSON cannot hold stands in for any failure while the cache is turned into text.
    (store.paneLog('p') as unknown as { turn: unknown }).turn = { id: 1n };
    const cache = new DiskCache(dir.path, store, (line) => logs.push(line));
    await expect(cache.flush()).resolves.toBeUndefined();
    expect(logs).toEqual([expect.stringMatching(/^\[bridge\] scripted: could not write the cache: /)]);
  });
});
