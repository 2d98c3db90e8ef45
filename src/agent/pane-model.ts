import { LIMITS } from '../wire/limits';
import type { Answer, Ask, BeltButton, CurrentView, DecidedBy, EventsReply, Item, Pane, PaneEvent, Turn } from '../wire/types';

/** How many events and items a pane keeps before it forgets the oldest. */
export const PANE_MEMORY = { events: 5000, items: 10000 } as const;

export interface OpenAsk {
  ask: Ask;
  settle: (result: { answer: Answer } | { decidedBy: DecidedBy }) => void;
  timer?: ReturnType<typeof setTimeout>;
}

export interface Decision {
  decidedBy: DecidedBy;
  outcome: Answer | null;
}

/** One pane's conversation as the agent keeps it: items, open asks, the turn and its events. */
export class PaneModel {
  title: string;
  harness: string | undefined;
  conversationId: string;
  turn: Turn | null = null;
  belt: BeltButton[] = [];
  readonly openAsks = new Map<string, OpenAsk>();
  readonly decided = new Map<string, Decision>();
  private events: PaneEvent[] = [];
  private items: Item[] = [];
  private readonly itemIndex = new Map<string, number>();
  private seq = 0;
  private trimmed = false;

  constructor(
    readonly id: string,
    init: { title: string; harness?: string; conversationId: string },
    private readonly changed: () => void,
  ) {
    this.title = init.title;
    this.harness = init.harness;
    this.conversationId = init.conversationId;
  }

  get cursor(): number {
    return this.seq;
  }

  get state(): Pane['state'] {
    if (this.openAsks.size > 0) return 'waiting';
    return this.turn?.state === 'running' ? 'working' : 'idle';
  }

  /** Adds an item, or replaces the item with the same id. */
  putItem(item: Item): void {
    const at = this.itemIndex.get(item.id);
    if (at !== undefined) {
      this.items[at] = item;
    } else {
      this.itemIndex.set(item.id, this.items.length);
      this.items.push(item);
      if (this.items.length > PANE_MEMORY.items) this.forgetOldestItems();
    }
    this.emit({ type: 'item', item });
  }

  setTurn(turn: Turn): void {
    this.turn = turn;
    this.emit({ type: 'turn', turn });
  }

  openAsk(open: OpenAsk): void {
    this.openAsks.set(open.ask.id, open);
    this.emit({ type: 'ask', ask: open.ask });
  }

  reviseAsk(ask: Ask): void {
    const open = this.openAsks.get(ask.id);
    if (!open) return;
    open.ask = ask;
    this.emit({ type: 'ask', ask });
  }

  closeAsk(askId: string, decidedBy: DecidedBy, outcome: Answer | null): boolean {
    const open = this.openAsks.get(askId);
    if (!open) return false;
    if (open.timer) clearTimeout(open.timer);
    this.openAsks.delete(askId);
    this.decided.set(askId, { decidedBy, outcome });
    while (this.decided.size > LIMITS.decidedAskMemory) {
      const oldest = this.decided.keys().next().value;
      if (oldest === undefined) break;
      this.decided.delete(oldest);
    }
    this.emit({ type: 'ask-closed', askId, decidedBy, outcome });
    open.settle(decidedBy === 'phone' && outcome ? { answer: outcome } : { decidedBy });
    return true;
  }

  /** Events after `after`, or the whole current view when the reader cannot catch up by events. */
  eventsAfter(after: number, readerEpoch: string | undefined, epoch: string): EventsReply {
    const oldestKept = this.events[0]?.seq ?? this.seq + 1;
    const lagging = after < oldestKept - 1 || this.seq - after > LIMITS.eventsPerReply;
    if (readerEpoch !== epoch || lagging || after > this.seq) return this.currentView(epoch);
    const events = this.events.filter((e) => e.seq > after);
    return { epoch, cursor: events.at(-1)?.seq ?? after, view: false, events };
  }

  currentView(epoch: string): CurrentView {
    const items = this.items.slice(-LIMITS.viewItems);
    return {
      epoch,
      cursor: this.seq,
      view: true,
      items,
      asks: [...this.openAsks.values()].map((o) => o.ask),
      turn: this.turn,
      trimmed: this.trimmed || items.length < this.items.length,
    };
  }

  toWire(): Pane {
    const pane: Pane = {
      id: this.id,
      title: this.title,
      conversationId: this.conversationId,
      state: this.state,
      turn: this.turn,
      asks: [...this.openAsks.values()].map((o) => o.ask).slice(0, LIMITS.openAsksPerPane),
      belt: this.belt,
      cursor: this.seq,
    };
    if (this.harness) pane.harness = this.harness;
    return pane;
  }

  private emit(event: DistributiveOmit<PaneEvent, 'seq'>): void {
    this.seq += 1;
    this.events.push({ ...event, seq: this.seq } as PaneEvent);
    if (this.events.length > PANE_MEMORY.events) this.events.splice(0, this.events.length - PANE_MEMORY.events);
    this.changed();
  }

  private forgetOldestItems(): void {
    const drop = this.items.length - PANE_MEMORY.items;
    this.items.splice(0, drop);
    this.itemIndex.clear();
    this.items.forEach((item, index) => this.itemIndex.set(item.id, index));
    this.trimmed = true;
  }
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;
