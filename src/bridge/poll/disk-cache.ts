import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChatEntry } from '../../wire/bridge-json';
import { cleanField } from '../../wire/clean';
import { isValidEpoch } from '../../wire/epoch-rule';
import { isValidId } from '../../wire/ids';
import { BRIDGE_MEMORY, LIMITS } from '../../wire/limits';
import { parseTurn } from '../../wire/parse-ask';
import { parseHello } from '../../wire/parse-hello';
import { parseItem } from '../../wire/parse-item';
import { panesOf, parseSnapshot } from '../../wire/parse-snapshot';
import { bool, count, isRecord, list, oneOf, str } from '../../wire/read';
import type { AgentStore } from './agent-store';
import type { SavedPane } from './pane-log';
import { writePrivateFile } from '../fs/private-file';

const FILE = 'cache.json';
/** Changes are gathered for this long so a busy agent costs one write, not one per event. */
export const CACHE_SAVE_DELAY_MS = 1000;

/**
 * Each agent's last known panes, items and asks on disk (`<state>/durable/<name>/cache.json`,
 * 0600), so Chat opens at once after a bridge restart and while the agent is slow. Only open
 * panes are kept: a closed conversation is always read from the agent. The file is read back
 * through the same parsers as the agent's own replies: a file on disk is untrusted input too.
 */
export class DiskCache {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly folder: string,
    private readonly store: AgentStore,
    private readonly log: (line: string) => void,
  ) {}

  /** Fills the store from the file, when there is a readable one. */
  async load(): Promise<boolean> {
    const file = join(this.folder, FILE);
    let size: number;
    let text: string;
    try {
      size = (await stat(file)).size;
      text = size > BRIDGE_MEMORY.cacheFileBytes ? '' : await readFile(file, 'utf8');
    } catch (err) {
      // No file is the first start; any other failure is said, and the agent is read afresh.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.log(`[bridge] ${this.store.name}: could not read the cache: ${(err as Error).message}`);
      return false;
    }
    if (size > BRIDGE_MEMORY.cacheFileBytes) {
      // An older, bigger run's file: reading it would cost more than the budget it must fit in.
      this.log(`[bridge] ${this.store.name}: the cache is ${size} bytes, over the ${BRIDGE_MEMORY.cacheFileBytes} the bridge keeps; it is ignored and rewritten`);
      return false;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      this.log(`[bridge] ${this.store.name}: the cache is not JSON; it is ignored and rewritten`);
      return false;
    }
    return restoreInto(this.store, raw);
  }

  /** Schedules a write; a burst of changes shares one. */
  changed(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), CACHE_SAVE_DELAY_MS);
    this.timer.unref?.();
  }

  /** Writes the cache now. It never rejects: a cache that cannot be written is reported, and the bridge goes on. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing.then(async () => {
      try {
        await writePrivateFile(join(this.folder, FILE), JSON.stringify(snapshotOf(this.store)));
      } catch (err) {
        this.log(`[bridge] ${this.store.name}: could not write the cache: ${err instanceof Error ? err.message : String(err)}`);
      }
    });
    return this.writing;
  }
}

function snapshotOf(store: AgentStore): unknown {
  const panes: Record<string, SavedPane> = {};
  for (const [id, log] of store.panes) panes[id] = log.saved();
  return { hello: store.hello, snapshot: store.snapshot, panes };
}

function parseEntry(raw: unknown): ChatEntry | null {
  if (!isRecord(raw)) return null;
  if (raw.type === 'item') {
    const item = parseItem(raw.item);
    return item ? { type: 'item', item } : null;
  }
  const decidedBy = oneOf(raw.decidedBy, ['phone', 'program', 'timeout'] as const);
  if (raw.type !== 'decision' || !isValidId(raw.id) || !decidedBy) return null;
  const entry: ChatEntry = { type: 'decision', id: raw.id, decidedBy, title: cleanField.title(str(raw.title) ?? '').text };
  const answered = isRecord(raw.answered) ? raw.answered : null;
  if (answered && Array.isArray(answered.labels))
    entry.answered = { labels: list(answered.labels, LIMITS.choiceOptions, (l) => (typeof l === 'string' ? cleanField.label(l).text : null)) };
  else if (answered) entry.answered = { typed: oneOf(answered.typed, ['text', 'form'] as const) ?? 'text' };
  return entry;
}

function parseSavedPane(raw: unknown): SavedPane | null {
  if (!isRecord(raw)) return null;
  const cursor = count(raw.cursor);
  if (cursor === undefined || !(raw.epoch === '' || isValidEpoch(raw.epoch))) return null;
  return {
    cursor,
    epoch: raw.epoch,
    trimmed: bool(raw.trimmed) ?? false,
    turn: raw.turn == null ? null : parseTurn(raw.turn),
    entries: list(raw.entries, BRIDGE_MEMORY.paneEntries, parseEntry),
  };
}

function restoreInto(store: AgentStore, raw: unknown): boolean {
  if (!isRecord(raw)) return false;
  const snapshot = parseSnapshot(raw.snapshot);
  if (!snapshot) return false;
  const hello = parseHello(raw.hello);
  if (hello.ok) store.hello = hello.hello;
  const saved = isRecord(raw.panes) ? raw.panes : {};
  for (const { pane } of panesOf(snapshot).slice(0, LIMITS.panes)) {
    const restored = parseSavedPane(saved[pane.id]);
    if (restored) store.paneLog(pane.id).restore(restored);
  }
  store.keepWithinBudget();
  store.setSnapshot(snapshot);
  return true;
}
