/** For the disk cache's tests only: stores to save, and what a store shows, to compare after a load. */
import { readFile } from 'node:fs/promises';
import { SERVICE_NAME } from '../../../wire/wire-protocol';
import { parseAsk } from '../../../wire/parse-ask';
import { parseHello } from '../../../wire/parse-hello';
import { panesOf } from '../../../wire/parse-snapshot';
import type { Ask, Hello, Item, Snapshot } from '../../../wire/types';
import { AgentStore } from '../agent-store';
import { DiskCache, type CacheFiles } from '../disk-cache';

export const EPOCH = 'cached-epoch-00000000000001';

export const item = (id: string, text = `text of ${id}`): Item => ({ id, at: '', kind: 'reply', text });

export function helloFrom(hostName: string): Hello {
  const read = parseHello({ service: SERVICE_NAME, protocol: { min: 1, max: 1 }, host: { name: hostName }, epoch: EPOCH, ready: true, caps: { asks: true } });
  if (!read.ok) throw new Error('the fixture hello does not parse');
  return read.hello;
}

export function choiceAsk(id: string, title: string): Ask {
  const ask = parseAsk({ id, revision: 1, toolCallId: `tc-${id}`, kind: 'choice', title, multiple: false, options: [{ id: 'y', label: 'Yes' }] });
  if (!ask) throw new Error('the fixture ask does not parse');
  return ask;
}

/** One workspace and tab holding these panes; `asks` puts open asks on some of them. */
export function snapshotWith(paneIds: string[], rev = 1, asks: Record<string, Ask[]> = {}): Snapshot {
  const panes = paneIds.map((id) => ({
    id,
    title: `Pane ${id}`,
    state: asks[id]?.length ? ('waiting' as const) : ('idle' as const),
    turn: null,
    asks: asks[id] ?? [],
    belt: [],
    cursor: 0,
  }));
  return { epoch: EPOCH, rev, workspaces: [{ id: 'w', title: 'W', tabs: [{ id: 't', title: 'T', panes }] }], starters: [] };
}

/** Appends items to a pane as the poller would, with the cursor moving on. */
export function addItems(store: AgentStore, paneId: string, items: Item[]): void {
  const log = store.paneLog(paneId);
  const events = items.map((it, n) => ({ seq: log.cursor + n + 1, type: 'item' as const, item: it }));
  log.apply({ epoch: EPOCH, cursor: log.cursor + items.length, view: false, events });
  store.changed();
}

/**
 * Everything a store shows that the cache keeps: hello, snapshot, and each open pane's chat and log.
 * A row's `activeAt` is left out: for a pane with no item, ask or turn it is when this bridge first
 * saw it, which the cache does not keep (a restart sees it anew).
 */
export function views(store: AgentStore): unknown {
  const panes = store.snapshot ? panesOf(store.snapshot) : [];
  const agent = store.agentJson();
  return {
    hello: store.hello,
    snapshot: store.snapshot,
    agent: { ...agent, conversations: agent.conversations.map(({ activeAt: _, ...row }) => row) },
    panes: panes.map(({ pane }) => ({ chat: store.chatJson(pane.id), saved: store.panes.get(pane.id)?.saved() })),
  };
}

/** A fresh store filled from the folder's cache, and what the load said. */
export async function reloaded(folder: string): Promise<{ store: AgentStore; loaded: boolean; logs: string[] }> {
  const store = new AgentStore('a', 'here');
  const logs: string[] = [];
  const loaded = await new DiskCache(folder, store, (line) => logs.push(line)).load();
  return { store, loaded, logs };
}

/** The log's records, one a line. */
export async function records(file: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The real file writes, counted, with a way to hold the next compaction back until released. */
export function watchedFiles(real: CacheFiles): CacheFiles & { writes: number; appends: number; holdNextWrite(): { started: Promise<void>; release(): void } } {
  let hold: { start: () => void; gate: Promise<void> } | undefined;
  const files = {
    writes: 0,
    appends: 0,
    async write(path: string, text: string) {
      files.writes += 1;
      const held = hold;
      hold = undefined;
      if (held) {
        held.start();
        await held.gate;
      }
      await real.write(path, text);
    },
    async append(path: string, text: string) {
      files.appends += 1;
      await real.append(path, text);
    },
    holdNextWrite() {
      let start!: () => void;
      let release!: () => void;
      const started = new Promise<void>((r) => (start = r));
      const gate = new Promise<void>((r) => (release = r));
      hold = { start, gate };
      return { started, release };
    },
  };
  return files;
}
