import type { Hello, Snapshot } from '../../wire/types';
import type { AgentStore } from './agent-store';
import { CACHE_LOG_VERSION, line, metaOf } from './disk-cache-records';
import type { PaneLog } from './pane-log';

/** What the log holds of one pane, to tell what changed since. */
interface PaneMark {
  log: PaneLog;
  generation: number;
  dropped: number;
  /** The name one past the last entry written. */
  end: number;
  meta: string;
}

/**
 * What the cache's log on disk holds, so a save can write only the difference. Both methods
 * read the store and move the mark in one synchronous step: a change made while their lines are
 * being written is a difference from the new mark, and goes into the next save.
 */
export class CacheBaseline {
  private hello: { value: Hello | undefined; text: string } = { value: undefined, text: '' };
  private snapshot: { value: Snapshot | undefined; text: string } = { value: undefined, text: '' };
  private readonly panes = new Map<string, PaneMark>();

  /** The whole store as a new log; the mark is now the store. */
  compacted(store: AgentStore): string {
    this.panes.clear();
    this.hello = { value: undefined, text: '' };
    this.snapshot = { value: undefined, text: '' };
    return line({ k: 'collie-cache', v: CACHE_LOG_VERSION }) + this.changes(store);
  }

  /** The lines that bring the log to the store; '' when nothing the cache keeps has changed. */
  changes(store: AgentStore): string {
    let out = '';
    if (store.hello && store.hello !== this.hello.value) {
      const text = JSON.stringify(store.hello);
      if (text !== this.hello.text) out += line({ k: 'hello', hello: store.hello });
      this.hello = { value: store.hello, text };
    }
    if (store.snapshot && store.snapshot !== this.snapshot.value) {
      const text = JSON.stringify(store.snapshot);
      if (text !== this.snapshot.text) out += line({ k: 'snapshot', snapshot: store.snapshot });
      this.snapshot = { value: store.snapshot, text };
    }
    for (const id of this.panes.keys()) {
      if (store.panes.has(id)) continue;
      this.panes.delete(id);
      out += line({ k: 'gone', id });
    }
    for (const [id, log] of store.panes) out += this.paneChanges(id, log);
    return out;
  }

  private paneChanges(id: string, log: PaneLog): string {
    const replaced = log.takeReplaced();
    const mark = this.panes.get(id);
    const meta = metaOf(log);
    const metaText = JSON.stringify(meta);
    const end = log.dropped + log.entries.length;
    this.panes.set(id, { log, generation: log.generation, dropped: log.dropped, end, meta: metaText });
    // A pane not written yet, a new pane under an old id, or entries replaced whole: the pane afresh.
    if (!mark || mark.log !== log || mark.generation !== log.generation) return line({ k: 'pane', id, from: log.dropped, meta, entries: log.entries });
    let out = '';
    if (log.dropped > mark.dropped) out += line({ k: 'trim', id, from: log.dropped });
    // An entry changed past the old end is written by the `add` below anyway.
    for (const at of replaced.sort((a, b) => a - b)) {
      const entry = log.entries[at - log.dropped];
      if (at < mark.end && entry) out += line({ k: 'put', id, at, entry });
    }
    const from = Math.max(mark.end, log.dropped);
    if (end > from) out += line({ k: 'add', id, at: from, entries: log.entries.slice(from - log.dropped) });
    if (metaText !== mark.meta) out += line({ k: 'meta', id, meta });
    return out;
  }
}
