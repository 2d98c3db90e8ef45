import type { Item, PaneEvent } from '../../wire/types';
import { AgentState } from '../agent-state';
import { ConversationBook, type Conversation, type ConversationRecord } from '../conversations';
import { freshEpoch } from '../fresh-epoch';
import type { PaneModel, SavedPane } from '../pane-model';
import type { KeptRequest } from '../request-memory';
import { KEYS_PER_CALL, keyNumber, type ObjectStorage } from './object-storage';

/** How many of a pane's latest events storage keeps: a reader further behind gets the current view. */
export const STORED_EVENTS = 1000;

/** What one start of the object kept beside its conversations. */
interface Meta {
  epoch: string;
  rev: number;
  /** The panes shown when it was saved: only their kept parts are given back. */
  panes: string[];
  /** The number the next kept request id is stored under. */
  nextRequest: number;
}

/** Storage keys. `/` never appears in an id (WIRE.md §13), so one id's keys never list under another's. */
const KEY = {
  meta: 'meta',
  conversation: (id: string) => `conversation/${id}`,
  items: (conversationId: string) => `item/${conversationId}/`,
  item: (conversationId: string, number: number) => `item/${conversationId}/${keyNumber(number)}`,
  pane: (id: string) => `pane/${id}`,
  events: (paneId: string) => `event/${paneId}/`,
  event: (paneId: string, seq: number) => `event/${paneId}/${keyNumber(seq)}`,
  requests: 'request/',
  request: (n: number) => `request/${keyNumber(n)}`,
};

type ConversationMeta = Omit<ConversationRecord, 'items'>;

/**
 * An agent whose memory lives in a Durable Object's storage: every conversation and item, each
 * pane's latest events and open asks, decided asks, request ids and the epoch. A wake gives it
 * all back with the same epoch, so readers' cursors hold; only an empty storage mints a new one.
 * Changes are written as they happen, each one once.
 */
export class StoredAgent {
  private readonly pending = new Map<string, unknown>();
  private readonly dropped = new Set<string>();
  private readonly savedItems = new WeakSet<Item>();
  private readonly savedConversations = new Map<string, { meta: string; changes: number; firstItemNumber: number }>();
  private readonly savedPanes = new Map<string, { json: string; seq: number }>();
  private savedMeta = '';
  private flushing = false;

  private constructor(
    private readonly storage: ObjectStorage,
    readonly state: AgentState,
    private meta: Meta,
    private readonly keptPanes: Map<string, { saved: SavedPane; events: PaneEvent[] }>,
  ) {
    state.onPanePlaced = (pane) => this.giveBack(pane);
    state.requests.onKept = (kept) => this.keepRequest(kept);
    const change = state.onChange;
    state.onChange = () => {
      change();
      this.schedule();
    };
  }

  /** Reads what storage holds (nothing on a first start) into a new state. */
  static async load(storage: ObjectStorage, init: { hostName: string; state: (book: ConversationBook, epoch: string) => AgentState }): Promise<StoredAgent> {
    const meta = await storage.get<Meta>(KEY.meta);
    if (!meta) {
      const epoch = freshEpoch();
      return new StoredAgent(storage, init.state(new ConversationBook(), epoch), { epoch, rev: 1, panes: [], nextRequest: 0 }, new Map());
    }
    const records: ConversationRecord[] = [];
    for (const conversation of (await storage.list<ConversationMeta>({ prefix: 'conversation/' })).values()) {
      const items = [...(await storage.list<Item>({ prefix: KEY.items(conversation.id) })).values()];
      records.push({ ...conversation, items });
    }
    const keptPanes = new Map<string, { saved: SavedPane; events: PaneEvent[] }>();
    for (const id of meta.panes) {
      const saved = await storage.get<SavedPane>(KEY.pane(id));
      if (saved) keptPanes.set(id, { saved, events: [...(await storage.list<PaneEvent>({ prefix: KEY.events(id) })).values()] });
    }
    const state = init.state(new ConversationBook(records), meta.epoch);
    state.rev = meta.rev;
    const agent = new StoredAgent(storage, state, meta, keptPanes);
    agent.markSaved(records);
    state.requests.restore([...(await storage.list<KeptRequest>({ prefix: KEY.requests })).values()]);
    return agent;
  }

  /** Writes every change not yet written; resolves once storage has them. */
  async flush(): Promise<void> {
    this.collect();
    const puts = Object.fromEntries(this.pending);
    const deletes = [...this.dropped];
    this.pending.clear();
    this.dropped.clear();
    const keys = Object.keys(puts);
    const writes: Promise<unknown>[] = [];
    for (let at = 0; at < keys.length; at += KEYS_PER_CALL) writes.push(this.storage.put(Object.fromEntries(keys.slice(at, at + KEYS_PER_CALL).map((k) => [k, puts[k]]))));
    for (let at = 0; at < deletes.length; at += KEYS_PER_CALL) writes.push(this.storage.delete(deletes.slice(at, at + KEYS_PER_CALL)));
    await Promise.all(writes);
  }

  /** A burst of changes (a streamed reply) is written once, after it. */
  private schedule(): void {
    if (this.flushing) return;
    this.flushing = true;
    queueMicrotask(() => {
      this.flushing = false;
      void this.flush();
    });
  }

  private collect(): void {
    for (const conversation of this.state.conversations.all()) this.collectConversation(conversation);
    for (const pane of this.state.panes.values()) this.collectPane(pane);
    for (const id of this.savedPanes.keys()) if (!this.state.panes.has(id)) void this.dropPane(id);
    this.meta = { ...this.meta, rev: this.state.rev, panes: [...this.state.panes.keys()] };
    const json = JSON.stringify(this.meta);
    if (json !== this.savedMeta) (this.put(KEY.meta, this.meta), (this.savedMeta = json));
  }

  private collectConversation(conversation: Conversation): void {
    const { record, changes } = conversation;
    const saved = this.savedConversations.get(record.id);
    const { items, ...meta } = record;
    const json = JSON.stringify(meta);
    // Every item written touches the conversation; a state change (closed, reopened) shows in its record.
    if (saved?.changes === changes && saved.meta === json) return;
    if (saved?.meta !== json) this.put(KEY.conversation(record.id), meta);
    items.forEach((item, i) => {
      if (this.savedItems.has(item)) return;
      this.savedItems.add(item);
      this.put(KEY.item(record.id, record.firstItemNumber + i), item);
    });
    // The items a long conversation forgot leave storage too.
    for (let n = saved?.firstItemNumber ?? record.firstItemNumber; n < record.firstItemNumber; n += 1) this.drop(KEY.item(record.id, n));
    this.savedConversations.set(record.id, { meta: json, changes, firstItemNumber: record.firstItemNumber });
  }

  private collectPane(pane: PaneModel): void {
    const saved = pane.saved();
    const json = JSON.stringify(saved);
    const before = this.savedPanes.get(pane.id);
    if (before?.json === json) return;
    this.put(KEY.pane(pane.id), saved);
    for (const event of pane.eventsAfterSeq(before?.seq ?? 0)) {
      this.put(KEY.event(pane.id, event.seq), event);
      if (event.seq > STORED_EVENTS) this.drop(KEY.event(pane.id, event.seq - STORED_EVENTS));
    }
    this.savedPanes.set(pane.id, { json, seq: saved.seq });
  }

  private keepRequest(kept: KeptRequest): void {
    const n = this.meta.nextRequest;
    this.meta = { ...this.meta, nextRequest: n + 1 };
    this.put(KEY.request(n), kept);
    const capacity = this.state.requests.capacity;
    if (n >= capacity) this.drop(KEY.request(n - capacity));
    this.schedule();
  }

  /** A pane placed again after a wake takes back its events, turn, open and decided asks. */
  private giveBack(pane: PaneModel): void {
    const kept = this.keptPanes.get(pane.id);
    this.keptPanes.delete(pane.id);
    if (!kept || kept.saved.conversationId !== pane.conversation.id) return;
    pane.restore(kept.saved, kept.events);
    this.savedPanes.set(pane.id, { json: JSON.stringify(kept.saved), seq: kept.saved.seq });
  }

  /** A pane no longer shown: its kept parts go (its conversation stays). */
  private async dropPane(id: string): Promise<void> {
    this.savedPanes.delete(id);
    this.drop(KEY.pane(id));
    for (const key of (await this.storage.list({ prefix: KEY.events(id) })).keys()) this.drop(key);
    this.schedule();
  }

  private markSaved(records: ConversationRecord[]): void {
    for (const record of records) {
      const { items, ...meta } = record;
      for (const item of items) this.savedItems.add(item);
      this.savedConversations.set(record.id, { meta: JSON.stringify(meta), changes: 0, firstItemNumber: record.firstItemNumber });
    }
    this.savedMeta = JSON.stringify(this.meta);
  }

  private put(key: string, value: unknown): void {
    this.dropped.delete(key);
    this.pending.set(key, value);
  }

  private drop(key: string): void {
    this.pending.delete(key);
    this.dropped.add(key);
  }
}
