import type { Answer, Ask, BeltButton, CurrentView, DecidedBy, DistributiveOmit, EventsReply, Item, Pane, PaneEvent, Turn } from '../wire/types';
import type { Conversation } from './conversations';
import { ENVELOPE_BYTES, fitFromEnd, fitFromStart } from './fit-bytes';
import { rememberBounded } from '../wire/bounded-map';
import { LIMITS, REPLY_LIMITS } from '../wire/limits';

/** How many events a pane keeps; a reader further behind gets the current view. */
export const EVENT_MEMORY = 5000;

export interface OpenAsk {
  ask: Ask;
  settle: (result: { answer: Answer } | { decidedBy: DecidedBy }) => void;
  timer?: ReturnType<typeof setTimeout>;
  /** Brought back from storage after a wake: open on the wire, waiting for the agent's code to raise it again. */
  restored?: true;
}

/** What a host that keeps an agent in storage (a Durable Object) saves of a pane beside its events. */
export interface SavedPane {
  conversationId: string;
  seq: number;
  turn: Turn | null;
  queue: { text: string; requestId: string }[];
  belt: BeltButton[];
  asks: Ask[];
  decided: [string, Decision][];
}

export interface Decision {
  decidedBy: DecidedBy;
  outcome: Answer | null;
}

/** The running turn's live parts, which never travel on the wire. */
export interface RunningTurn {
  controller: AbortController;
  steerListeners: Set<(text: string) => void>;
}

/** One pane: the conversation it shows, its open asks, its turn and the events a reader follows. */
export class PaneModel {
  turn: Turn | null = null;
  running: RunningTurn | null = null;
  /** Texts kept for the next turn, oldest first. */
  readonly queue: { text: string; requestId: string }[] = [];
  belt: BeltButton[] = [];
  readonly openAsks = new Map<string, OpenAsk>();
  readonly decided = new Map<string, Decision>();
  private events: PaneEvent[] = [];
  private seq = 0;

  constructor(
    readonly id: string,
    readonly conversation: Conversation,
    private readonly changed: () => void,
    private readonly turnEnded: (pane: PaneModel) => void = () => {},
  ) {}

  get title(): string {
    return this.conversation.record.title;
  }

  get cursor(): number {
    return this.seq;
  }

  get state(): Pane['state'] {
    if (this.openAsks.size > 0) return 'waiting';
    return this.turn?.state === 'running' ? 'working' : 'idle';
  }

  /** The open ask raised first (asks are kept in the order they were raised). */
  get oldestAsk(): OpenAsk | undefined {
    return this.openAsks.values().next().value;
  }

  /** Adds an item, or replaces the item with the same id. */
  putItem(item: Item): void {
    this.conversation.putItem(item);
    this.emit({ type: 'item', item });
  }

  setBelt(belt: BeltButton[]): void {
    this.belt = belt.slice(0, LIMITS.beltButtons);
    this.changed();
  }

  setTitle(title: string): void {
    this.conversation.record.title = title;
    this.conversation.touch();
    this.changed();
  }

  /** Starts a turn; one started by a phone's text shows that text first, naming its request id. */
  beginTurn(from?: { text: string; requestId: string }): Turn {
    if (from) this.putItem({ id: `u-${from.requestId}`, kind: 'user', at: new Date().toISOString(), ...from });
    this.running = { controller: new AbortController(), steerListeners: new Set() };
    this.publishTurn({ id: this.conversation.nextTurnId(), state: 'running', startedAt: new Date().toISOString(), queued: this.queue.length });
    return this.turn!;
  }

  endTurn(state: Exclude<Turn['state'], 'running'>): void {
    if (!this.turn || this.turn.state !== 'running') return;
    this.running = null;
    this.publishTurn({ ...this.turn, state, endedAt: new Date().toISOString(), queued: this.queue.length });
    // After the caller is done (a closing pane leaves the layout first), so the next turn starts clean.
    queueMicrotask(() => this.turnEnded(this));
  }

  enqueue(text: string, requestId: string): void {
    this.queue.push({ text, requestId });
    if (this.turn) this.publishTurn({ ...this.turn, queued: this.queue.length });
  }

  steer(text: string, requestId: string): void {
    this.putItem({ id: `u-${requestId}`, kind: 'user', at: new Date().toISOString(), text, requestId, steer: true });
    for (const listener of this.running?.steerListeners ?? []) listener(text);
  }

  private publishTurn(turn: Turn): void {
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
    rememberBounded(this.decided, askId, { decidedBy, outcome }, LIMITS.decidedAskMemory);
    this.emit({ type: 'ask-closed', askId, decidedBy, outcome });
    open.settle(decidedBy === 'phone' && outcome ? { answer: outcome } : { decidedBy });
    return true;
  }

  /** Closes every open ask as decided in the agent (a stop, or the pane closing). */
  closeAllAsks(): void {
    for (const askId of [...this.openAsks.keys()]) this.closeAsk(askId, 'program', null);
  }

  /** Events after `after`, or the whole current view when the reader cannot catch up by events. */
  eventsAfter(after: number, readerEpoch: string | undefined, epoch: string, historyKept: boolean): EventsReply {
    const oldestKept = this.events[0]?.seq ?? this.seq + 1;
    const lagging = after < oldestKept - 1 || this.seq - after > LIMITS.eventsPerReply;
    if (readerEpoch !== epoch || lagging || after > this.seq) return this.currentView(epoch, historyKept);
    const pending = this.events.filter((e) => e.seq > after).slice(0, LIMITS.eventsPerReply);
    const events = fitFromStart(pending, REPLY_LIMITS.events - ENVELOPE_BYTES);
    // One event too large to ever fit: skip the reader past it to the view rather than stall.
    if (events.length === 0 && pending.length > 0) return this.currentView(epoch, historyKept);
    return { epoch, cursor: events.at(-1)?.seq ?? after, view: false, events };
  }

  /**
   * The pane's whole current view: the latest items that fit. `trimmed` says the beginning
   * cannot be had: the conversation forgot it, or the view left it out and there is no history.
   */
  currentView(epoch: string, historyKept: boolean): CurrentView {
    const all = this.conversation.record.items;
    const items = fitFromEnd(all.slice(-LIMITS.viewItems), REPLY_LIMITS.events - ENVELOPE_BYTES);
    return {
      epoch,
      cursor: this.seq,
      view: true,
      items,
      asks: [...this.openAsks.values()].map((o) => o.ask),
      turn: this.turn,
      trimmed: this.conversation.record.trimmed || (items.length < all.length && !historyKept),
    };
  }

  toWire(): Pane {
    const { record } = this.conversation;
    const pane: Pane = {
      id: this.id,
      title: record.title,
      conversationId: record.id,
      state: this.state,
      turn: this.turn,
      asks: [...this.openAsks.values()].map((o) => o.ask).slice(0, LIMITS.openAsksPerPane),
      belt: this.belt,
      cursor: this.seq,
    };
    if (record.harness) pane.harness = record.harness;
    return pane;
  }

  /** The pane as storage keeps it (its events are saved one by one, see `eventsAfterSeq`). */
  saved(): SavedPane {
    return {
      conversationId: this.conversation.id,
      seq: this.seq,
      turn: this.turn,
      queue: [...this.queue],
      belt: this.belt,
      asks: [...this.openAsks.values()].map((o) => o.ask),
      decided: [...this.decided],
    };
  }

  /** The kept events after `seq`, oldest first. */
  eventsAfterSeq(seq: number): PaneEvent[] {
    return this.events.filter((e) => e.seq > seq);
  }

  /**
   * Takes back what storage kept, so a reader's cursor still holds after a wake. Open asks wait
   * for the agent's code to raise them again (`ready()` closes those it did not); a turn that was
   * running when the object stopped has no work behind it any more and ends as stopped.
   */
  restore(saved: SavedPane, events: PaneEvent[]): void {
    this.seq = saved.seq;
    this.events = events.filter((e) => e.seq <= saved.seq);
    this.turn = saved.turn;
    this.queue.push(...saved.queue);
    this.belt = saved.belt;
    for (const [id, decision] of saved.decided) this.decided.set(id, decision);
    for (const ask of saved.asks) this.openAsks.set(ask.id, { ask, settle: () => {}, restored: true });
    if (this.turn?.state === 'running') this.publishTurn({ ...this.turn, state: 'stopped', endedAt: new Date().toISOString(), queued: this.queue.length });
    // Texts kept for a next turn start it, as they would have when that turn ended.
    if (this.queue.length > 0) queueMicrotask(() => this.turnEnded(this));
  }

  /** Takes an ask brought back from storage as the agent's own again: its answer now settles `settle`. */
  claimAsk(askId: string, settle: OpenAsk['settle']): OpenAsk | undefined {
    const open = this.openAsks.get(askId);
    if (!open?.restored) return undefined;
    delete open.restored;
    open.settle = settle;
    return open;
  }

  /** Closes the asks brought back from storage that the agent's code did not raise again. */
  closeUnclaimedAsks(): void {
    for (const open of [...this.openAsks.values()]) if (open.restored) this.closeAsk(open.ask.id, 'program', null);
  }

  private emit(event: DistributiveOmit<PaneEvent, 'seq'>): void {
    this.seq += 1;
    this.events.push({ ...event, seq: this.seq });
    if (this.events.length > EVENT_MEMORY) this.events.splice(0, this.events.length - EVENT_MEMORY);
    this.changed();
  }
}
