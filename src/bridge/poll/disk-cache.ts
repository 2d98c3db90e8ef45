import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { BRIDGE_MEMORY, LIMITS } from '../../wire/limits';
import { panesOf } from '../../wire/parse-snapshot';
import { appendPrivateFile, writePrivateFile } from '../fs/private-file';
import type { AgentStore } from './agent-store';
import { CacheBaseline } from './disk-cache-baseline';
import { CACHE_LOG, LEGACY_CACHE, readCache } from './disk-cache-read';
import type { ReadBack } from './disk-cache-replay';

/** Changes are gathered for this long so a busy agent costs one write, not one per event. */
export const CACHE_SAVE_DELAY_MS = 1000;
/** The log is compacted once appends would take it past this many times its last compaction… */
const COMPACT_RATIO = 2;
/** …but never below this, so a small chat is not rewritten every few saves. */
export const COMPACT_FLOOR_BYTES = 64 * 1024;

/** How the cache reaches the disk; a test may hold a write back to see what happens meanwhile. */
export interface CacheFiles {
  write(path: string, text: string): Promise<void>;
  append(path: string, text: string): Promise<void>;
}

/**
 * Each agent's last known panes, items and asks on disk (`<state>/durable/<name>/cache.jsonl`,
 * 0600), so Chat opens at once after a bridge restart and while the agent is slow. Only open
 * panes are kept: a closed conversation is always read from the agent. A save appends what
 * changed since the last one, synced, so its cost follows the change and not the chat's length;
 * the first save of each run, and any save that would take the log past
 * `max(2 × its last compaction, 64 KiB)` or `BRIDGE_MEMORY.cacheFileBytes`, rewrites it whole
 * instead (temp file, rename, folder synced). The file is read back through the same parsers as
 * the agent's own replies: a file on disk is untrusted input too.
 */
export class DiskCache {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly baseline = new CacheBaseline();
  /**
   * Until a compaction of this run succeeds, every save is one: only then is the log known to
   * end on a whole line written by this run (not a torn tail, an old format or a failed append).
   */
  private compactNext = true;
  private legacyLeft = true;
  private logBytes = 0;
  private compactAt = 0;
  private readonly files: CacheFiles;
  private readonly floorBytes: number;

  constructor(
    private readonly folder: string,
    private readonly store: AgentStore,
    private readonly log: (line: string) => void,
    options: { files?: CacheFiles; floorBytes?: number } = {},
  ) {
    this.files = options.files ?? { write: writePrivateFile, append: appendPrivateFile };
    this.floorBytes = options.floorBytes ?? COMPACT_FLOOR_BYTES;
  }

  /** Fills the store from the file, when there is a readable one. */
  async load(): Promise<boolean> {
    const read = await readCache(this.folder, this.store.name, this.log);
    return read !== null && restoreInto(this.store, read);
  }

  /** Schedules a write; a burst of changes shares one. */
  changed(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), CACHE_SAVE_DELAY_MS);
    this.timer.unref?.();
  }

  /**
   * Writes what changed now. It never rejects: a cache that cannot be written is reported, and
   * the bridge goes on. Writes run one after another, each reading the store when its turn comes.
   */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing.then(() => this.save());
    return this.writing;
  }

  private async save(): Promise<void> {
    try {
      if (!this.compactNext && (await this.append())) return;
      await this.compact();
    } catch (err) {
      this.compactNext = true;
      this.log(`[bridge] ${this.store.name}: could not write the cache: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Appends the changes; false when the log is to be compacted instead. */
  private async append(): Promise<boolean> {
    const text = this.baseline.changes(this.store);
    if (text === '') return true;
    const bytes = Buffer.byteLength(text);
    if (this.logBytes + bytes > this.compactAt) return false;
    try {
      await this.files.append(join(this.folder, CACHE_LOG), text);
    } catch {
      // Part of the lines may be on disk: a compaction writes the whole store over them at once.
      return false;
    }
    this.logBytes += bytes;
    return true;
  }

  private async compact(): Promise<void> {
    const text = this.baseline.compacted(this.store);
    await this.files.write(join(this.folder, CACHE_LOG), text);
    this.logBytes = Buffer.byteLength(text);
    this.compactAt = compactionBound(this.logBytes, this.floorBytes);
    this.compactNext = false;
    if (this.legacyLeft) {
      // The old whole-file cache was read into the store (or ignored) and is now in the log.
      await rm(join(this.folder, LEGACY_CACHE), { force: true });
      this.legacyLeft = false;
    }
  }
}

/**
 * How far appends may take a log that a compaction left at `compactedBytes`: twice that, so a
 * rewrite comes only after as many bytes were appended and a save costs, on average, at most
 * about twice its own bytes; at least `floorBytes`; and never past the file bound. A store over its budget could compact past the bound on its own;
 * then every save compacts.
 */
export function compactionBound(compactedBytes: number, floorBytes = COMPACT_FLOOR_BYTES): number {
  return Math.min(BRIDGE_MEMORY.cacheFileBytes, Math.max(COMPACT_RATIO * compactedBytes, floorBytes));
}

function restoreInto(store: AgentStore, read: ReadBack): boolean {
  const { snapshot } = read;
  if (!snapshot) return false;
  if (read.hello) store.hello = read.hello;
  for (const { pane } of panesOf(snapshot).slice(0, LIMITS.panes)) {
    const restored = read.panes.get(pane.id);
    if (restored) store.paneLog(pane.id).restore(restored);
  }
  store.keepWithinBudget();
  store.setSnapshot(snapshot);
  return true;
}
