import { randomUUID } from 'node:crypto';
import type { Item } from '../wire/types';

/** How many items a conversation keeps before it forgets its beginning. */
export const CONVERSATION_MEMORY = 10000;

/** What the agent keeps of a conversation, and what a folder to persist in holds. */
export interface ConversationRecord {
  id: string;
  /** Rises with every new conversation: history pages newest first by it. */
  number: number;
  title: string;
  state: 'open' | 'closed';
  /** Where it shows while open, and where it showed last. */
  paneId: string;
  workspaceId: string;
  tabId: string;
  harness?: string;
  createdAt: string;
  updatedAt: string;
  closedAt?: string;
  items: Item[];
  /** The number of items[0] among all items the conversation ever had (for history cursors). */
  firstItemNumber: number;
  /** The conversation no longer keeps its beginning. */
  trimmed: boolean;
  /** How many turns it has had over its whole life (close, reopen, restart): its turn ids' numbers. */
  turns?: number;
}

export class Conversation {
  /**
   * Each kept item's number among all the conversation's items (not its place in `items`), so
   * forgetting the oldest items costs only their own entries, not a rebuild of the whole index.
   */
  private readonly index = new Map<string, number>();

  constructor(readonly record: ConversationRecord) {
    record.items.forEach((item, i) => this.index.set(item.id, record.firstItemNumber + i));
  }

  get id(): string {
    return this.record.id;
  }

  /** Whether an item with this id is kept (one forgotten with the oldest is not). */
  hasItem(id: string): boolean {
    return this.index.has(id);
  }

  /** The kept item with this id. */
  item(id: string): Item | undefined {
    const number = this.index.get(id);
    return number === undefined ? undefined : this.record.items[number - this.record.firstItemNumber];
  }

  /** Adds an item, or replaces the item with the same id in place. */
  putItem(item: Item): void {
    const number = this.index.get(item.id);
    if (number !== undefined) {
      this.record.items[number - this.record.firstItemNumber] = item;
    } else {
      this.index.set(item.id, this.record.firstItemNumber + this.record.items.length);
      this.record.items.push(item);
      if (this.record.items.length > CONVERSATION_MEMORY) this.forgetOldest();
    }
    this.touch();
  }

  /**
   * A new turn's id, numbered over the conversation's whole life so it is never reused in it
   * (anything keyed by a turn id would else be overwritten). A record from before `turns` counts
   * on from its items ever written, at least one per turn.
   */
  nextTurnId(): string {
    const record = this.record;
    record.turns = (record.turns ?? record.firstItemNumber - 1 + record.items.length) + 1;
    return `t-${record.number}-${record.turns}`;
  }

  /** Every change since this object was made (a host that saves conversations one by one reads it). */
  changes = 0;

  touch(): void {
    this.changes += 1;
    this.record.updatedAt = new Date().toISOString();
  }

  private forgetOldest(): void {
    const dropped = this.record.items.splice(0, this.record.items.length - CONVERSATION_MEMORY);
    for (const item of dropped) this.index.delete(item.id);
    this.record.firstItemNumber += dropped.length;
    this.record.trimmed = true;
  }
}

/** Every conversation the agent keeps, open and closed. */
export class ConversationBook {
  private readonly byId = new Map<string, Conversation>();
  private lastNumber = 0;

  constructor(records: ConversationRecord[] = []) {
    for (const record of records) {
      this.byId.set(record.id, new Conversation(record));
      this.lastNumber = Math.max(this.lastNumber, record.number);
    }
  }

  get(id: string): Conversation | undefined {
    return this.byId.get(id);
  }

  /** The open conversation last shown in this pane, if a restart left one. */
  openInPane(paneId: string): Conversation | undefined {
    for (const conversation of this.byId.values()) {
      if (conversation.record.state === 'open' && conversation.record.paneId === paneId) return conversation;
    }
    return undefined;
  }

  create(init: { title: string; paneId: string; workspaceId: string; tabId: string; harness?: string }): Conversation {
    const now = new Date().toISOString();
    this.lastNumber += 1;
    const record: ConversationRecord = {
      id: `c-${randomUUID()}`,
      number: this.lastNumber,
      state: 'open',
      createdAt: now,
      updatedAt: now,
      items: [],
      firstItemNumber: 1,
      trimmed: false,
      ...init,
    };
    const conversation = new Conversation(record);
    this.byId.set(record.id, conversation);
    return conversation;
  }

  /** Newest first. */
  all(): Conversation[] {
    return [...this.byId.values()].sort((a, b) => b.record.number - a.record.number);
  }

  records(): ConversationRecord[] {
    return this.all().map((c) => c.record);
  }
}
