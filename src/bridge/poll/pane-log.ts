import { rememberBounded } from '../../wire/bounded-map';
import type { ChatEntry } from '../../wire/bridge-json';
import { BRIDGE_MEMORY, LIMITS } from '../../wire/limits';
import type { DecidedBy, EventsReply, Item, Turn } from '../../wire/types';

/** Ask titles and decisions remembered per pane, so a hostile agent cannot grow them forever. */
export const ASK_MEMORY_PER_PANE = LIMITS.decidedAskMemory;

export interface SavedPane {
  cursor: number;
  epoch: string;
  trimmed: boolean;
  turn: Turn | null;
  entries: ChatEntry[];
}

/** What an entry costs the bridge's memory budget: the UTF-8 bytes of its JSON. */
export function entryBytes(entry: ChatEntry): number {
  return Buffer.byteLength(JSON.stringify(entry));
}

/**
 * What the bridge holds of one pane's conversation, fed by events: the newest part, within
 * `BRIDGE_MEMORY.paneEntries` entries and `paneBytes` bytes; older entries are dropped first and
 * the chat says it was trimmed (the agent's history still has them).
 */
export class PaneLog {
  cursor = 0;
  /** The epoch the cursor belongs to. */
  epoch = '';
  trimmed = false;
  turn: Turn | null = null;
  entries: ChatEntry[] = [];
  /** The sum of `entryBytes` over `entries`. */
  bytes = 0;
  private sizes: number[] = [];
  private readonly itemIndex = new Map<string, number>();
  readonly askTitles = new Map<string, string>();
  readonly closedAsks = new Map<string, DecidedBy>();

  /** What the disk cache keeps of this pane. */
  saved(): SavedPane {
    return { cursor: this.cursor, epoch: this.epoch, trimmed: this.trimmed, turn: this.turn, entries: this.entries };
  }

  restore(saved: SavedPane): void {
    Object.assign(this, { cursor: saved.cursor, epoch: saved.epoch, trimmed: saved.trimmed, turn: saved.turn });
    this.clearEntries();
    for (const entry of saved.entries) this.push(entry);
    this.keepWithin(BRIDGE_MEMORY.paneBytes);
  }

  apply(reply: EventsReply): void {
    this.cursor = reply.cursor;
    this.epoch = reply.epoch;
    if (reply.view) {
      this.clearEntries();
      for (const item of reply.items) this.putItem(item);
      for (const ask of reply.asks) rememberBounded(this.askTitles, ask.id, ask.title, ASK_MEMORY_PER_PANE);
      this.turn = reply.turn;
      this.trimmed = reply.trimmed;
    } else {
      for (const event of reply.events) {
        switch (event.type) {
          case 'item':
            this.putItem(event.item);
            break;
          case 'ask':
            rememberBounded(this.askTitles, event.ask.id, event.ask.title, ASK_MEMORY_PER_PANE);
            this.closedAsks.delete(event.ask.id);
            break;
          case 'ask-closed':
            rememberBounded(this.closedAsks, event.askId, event.decidedBy, ASK_MEMORY_PER_PANE);
            if (event.decidedBy !== 'phone') {
              const title = this.askTitles.get(event.askId) ?? '';
              this.push({ type: 'decision', id: `decision-${event.seq}`, decidedBy: event.decidedBy, title });
            }
            break;
          case 'turn':
            this.turn = event.turn;
            break;
        }
      }
    }
    this.keepWithin(BRIDGE_MEMORY.paneBytes);
  }

  /** Drops the oldest entries until at most `maxBytes` (and the entry cap) remain. */
  keepWithin(maxBytes: number): void {
    let drop = Math.max(0, this.entries.length - BRIDGE_MEMORY.paneEntries);
    let bytes = this.bytes;
    for (let i = 0; i < drop; i += 1) bytes -= this.sizes[i] ?? 0;
    while (bytes > maxBytes && drop < this.entries.length) {
      bytes -= this.sizes[drop] ?? 0;
      drop += 1;
    }
    if (drop === 0) return;
    this.entries.splice(0, drop);
    this.sizes.splice(0, drop);
    this.bytes = bytes;
    this.itemIndex.clear();
    this.entries.forEach((entry, index) => {
      if (entry.type === 'item') this.itemIndex.set(entry.item.id, index);
    });
    this.trimmed = true;
  }

  private clearEntries(): void {
    this.entries = [];
    this.sizes = [];
    this.bytes = 0;
    this.itemIndex.clear();
  }

  private push(entry: ChatEntry): void {
    if (entry.type === 'item') this.itemIndex.set(entry.item.id, this.entries.length);
    const size = entryBytes(entry);
    this.entries.push(entry);
    this.sizes.push(size);
    this.bytes += size;
  }

  private putItem(item: Item): void {
    const at = this.itemIndex.get(item.id);
    if (at === undefined) return this.push({ type: 'item', item });
    const entry: ChatEntry = { type: 'item', item };
    const size = entryBytes(entry);
    this.bytes += size - (this.sizes[at] ?? 0);
    this.entries[at] = entry;
    this.sizes[at] = size;
  }
}

/**
 * The largest size each pane may keep so that all of them fit `budget` together: panes under it
 * keep everything, the largest ones are cut to the same size (water filling).
 */
export function fairShare(sizes: number[], budget: number): number {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= budget) return Infinity;
  const sorted = [...sizes].sort((a, b) => a - b);
  let left = budget;
  for (let i = 0; i < sorted.length; i += 1) {
    const share = left / (sorted.length - i);
    if (sorted[i]! >= share) return Math.floor(share);
    left -= sorted[i]!;
  }
  return Math.floor(left);
}
