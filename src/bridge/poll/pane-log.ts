import { rememberBounded } from '../../wire/bounded-map';
import type { AnsweredBy, ChatEntry, DecisionEntry } from '../../wire/bridge-json';
import { BRIDGE_MEMORY, LIMITS } from '../../wire/limits';
import type { Ask, DecidedBy, EventsReply, Item, Option, PaneEvent, Turn } from '../../wire/types';

/** Ask titles and decisions remembered per pane, so a hostile agent cannot grow them forever. */
export const ASK_MEMORY_PER_PANE = LIMITS.decidedAskMemory;

export interface SavedPane {
  cursor: number;
  epoch: string;
  trimmed: boolean;
  turn: Turn | null;
  entries: ChatEntry[];
}

interface SeenAsk {
  title: string;
  kind: Ask['kind'];
  options: Option[];
  /** A permission's tool name. */
  tool?: string;
  /** The item the ask is about (a tool call asking to run). */
  itemId?: string;
}

/**
 * The chat's line for a closed ask, at `at` (when the bridge saw it close: the event carries no
 * time). A phone's answer is named by the labels of the options it chose (choice, permission); a
 * typed answer only by its kind, as the bridge never keeps typed text.
 */
export function decisionLine(event: Extract<PaneEvent, { type: 'ask-closed' }>, seen: SeenAsk | undefined, at: string, by?: AnsweredBy): DecisionEntry {
  const line: DecisionEntry = {
    type: 'decision',
    id: `decision-${event.seq}`,
    decidedBy: event.decidedBy,
    title: seen?.title ?? '',
    askId: event.askId,
    at,
    ...(seen?.tool !== undefined ? { tool: seen.tool } : {}),
    ...(by && event.decidedBy === 'phone' ? { by } : {}),
  };
  if (event.decidedBy !== 'phone') return line;
  const outcome = event.outcome;
  if (outcome && 'optionIds' in outcome) {
    const labels = outcome.optionIds.map((id) => seen?.options.find((o) => o.id === id)?.label).filter((label): label is string => label !== undefined);
    if (labels.length > 0) return { ...line, answered: { labels } };
  }
  if (seen?.kind === 'form' || (outcome && 'values' in outcome)) return { ...line, answered: { typed: 'form' } };
  return { ...line, answered: { typed: 'text' } };
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
  /** What each ask's card showed (title, kind, option labels), for the line its closing leaves. */
  private readonly asksSeen = new Map<string, SeenAsk>();
  readonly closedAsks = new Map<string, DecidedBy>();
  /** Who answered each ask a phone answered through this bridge, for its line. */
  private readonly answeredBy = new Map<string, AnsweredBy>();
  /**
   * For the disk cache's log, so a save writes what changed and not the whole chat. `generation`
   * rises when the entries are replaced whole (a view, a restore); `dropped` counts the entries
   * cut from the front since then, so `dropped + i` names `entries[i]` for as long as it lives;
   * `replaced` holds those names for entries changed in place since the cache last took them.
   */
  generation = 0;
  dropped = 0;
  private readonly replaced = new Set<number>();

  /** `now`: the clock that dates decision lines. */
  constructor(private readonly now: () => number = Date.now) {}

  /** What the disk cache keeps of this pane. */
  saved(): SavedPane {
    return { cursor: this.cursor, epoch: this.epoch, trimmed: this.trimmed, turn: this.turn, entries: this.entries };
  }

  /** The names (see `dropped`) of entries changed in place since the last call; for the disk cache only. */
  takeReplaced(): number[] {
    const names = [...this.replaced];
    this.replaced.clear();
    return names;
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
      // The agent's view holds its items only: the lines of asks that closed are the bridge's own, kept in their places.
      const lines = decisionsByAnchor(this.entries);
      this.clearEntries();
      for (const line of lines.get(null) ?? []) this.push(line);
      for (const item of reply.items) {
        this.putItem(item);
        for (const line of lines.get(item.id) ?? []) this.push(line);
        lines.delete(item.id);
      }
      lines.delete(null);
      // Lines whose item the agent no longer shows: after everything, in their order.
      for (const line of [...lines.values()].flat()) this.push(line);
      for (const ask of reply.asks) this.rememberAsk(ask);
      this.turn = reply.turn;
      this.trimmed = reply.trimmed;
    } else {
      for (const event of reply.events) {
        switch (event.type) {
          case 'item':
            this.putItem(event.item);
            break;
          case 'ask':
            this.rememberAsk(event.ask);
            this.closedAsks.delete(event.ask.id);
            break;
          case 'ask-closed':
            rememberBounded(this.closedAsks, event.askId, event.decidedBy, ASK_MEMORY_PER_PANE);
            this.placeDecision(decisionLine(event, this.asksSeen.get(event.askId), new Date(this.now()).toISOString(), this.answeredBy.get(event.askId)));
            break;
          case 'turn':
            this.turn = event.turn;
            break;
        }
      }
    }
    this.keepWithin(BRIDGE_MEMORY.paneBytes);
  }

  /** Remembers what an ask's card shows, bounded per pane. */
  rememberAsk(ask: Ask): void {
    const options = ask.kind === 'permission' || ask.kind === 'choice' ? ask.options.map(({ id, label }) => ({ id, label })) : [];
    const tool = ask.kind === 'permission' && ask.tool ? { tool: ask.tool.name } : {};
    rememberBounded(this.asksSeen, ask.id, { title: ask.title, kind: ask.kind, options, ...tool, ...(ask.itemId ? { itemId: ask.itemId } : {}) }, ASK_MEMORY_PER_PANE);
  }

  /**
   * A closed ask's line: just before the item it was about (a tool call's row, whose output comes
   * after the answer that let it run), else at the end.
   */
  private placeDecision(line: DecisionEntry): void {
    const itemId = line.askId === undefined ? undefined : this.asksSeen.get(line.askId)?.itemId;
    const at = itemId === undefined ? undefined : this.itemIndex.get(itemId);
    if (at === undefined) return this.push(line);
    const size = entryBytes(line);
    this.entries.splice(at, 0, line);
    this.sizes.splice(at, 0, size);
    this.bytes += size;
    for (const [id, index] of this.itemIndex) if (index >= at) this.itemIndex.set(id, index + 1);
    // Entries moved: the disk cache writes this pane whole next time.
    this.generation += 1;
    this.replaced.clear();
  }

  /**
   * A phone's answer this bridge delivered: its line says who answered, whether the line is yet to
   * come (the ask closes on a later read) or already here. True when a line changed.
   */
  noteAnswer(askId: string, by: AnsweredBy): boolean {
    rememberBounded(this.answeredBy, askId, by, ASK_MEMORY_PER_PANE);
    const at = this.entries.findIndex((e) => e.type === 'decision' && e.askId === askId && e.decidedBy === 'phone');
    if (at === -1) return false;
    this.replaceAt(at, { ...(this.entries[at] as DecisionEntry), by });
    return true;
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
    this.dropped += drop;
    for (const name of this.replaced) if (name < this.dropped) this.replaced.delete(name);
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
    this.generation += 1;
    this.dropped = 0;
    this.replaced.clear();
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
    this.replaceAt(at, { type: 'item', item });
  }

  private replaceAt(at: number, entry: ChatEntry): void {
    const size = entryBytes(entry);
    this.bytes += size - (this.sizes[at] ?? 0);
    this.entries[at] = entry;
    this.sizes[at] = size;
    this.replaced.add(this.dropped + at);
  }
}

/** Each decision line under the item it follows (null: before any item), in order. */
function decisionsByAnchor(entries: ChatEntry[]): Map<string | null, DecisionEntry[]> {
  const lines = new Map<string | null, DecisionEntry[]>();
  let anchor: string | null = null;
  for (const entry of entries) {
    if (entry.type === 'item') anchor = entry.item.id;
    else lines.set(anchor, [...(lines.get(anchor) ?? []), entry]);
  }
  return lines;
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
