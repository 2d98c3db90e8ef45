import { rememberBounded } from '../wire/bounded-map';
import { LIMITS } from '../wire/limits';
import { panesOf } from '../wire/parse-snapshot';
import type { AgentJson, AgentRow, AgentStatus, ChatEntry, ChatJson } from '../wire/bridge-json';
import type { DecidedBy, EventsReply, Hello, Item, Snapshot, Turn } from '../wire/types';
import { toPhoneAsk } from './ask-hash';

/** The most chat entries the bridge holds per pane; older ones are read from history. */
export const MAX_ENTRIES_PER_PANE = 5000;
/** Ask titles and decisions remembered per pane, so a hostile agent cannot grow them forever. */
export const ASK_MEMORY_PER_PANE = LIMITS.decidedAskMemory;


export interface SavedPane {
  cursor: number;
  epoch: string;
  trimmed: boolean;
  turn: Turn | null;
  entries: ChatEntry[];
}

/** What the bridge holds of one pane's conversation, fed by events. */
export class PaneLog {
  cursor = 0;
  /** The epoch the cursor belongs to. */
  epoch = '';
  trimmed = false;
  turn: Turn | null = null;
  entries: ChatEntry[] = [];
  private readonly itemIndex = new Map<string, number>();
  readonly askTitles = new Map<string, string>();
  readonly closedAsks = new Map<string, DecidedBy>();

  /** What the disk cache keeps of this pane. */
  saved(): SavedPane {
    return { cursor: this.cursor, epoch: this.epoch, trimmed: this.trimmed, turn: this.turn, entries: this.entries };
  }

  restore(saved: SavedPane): void {
    Object.assign(this, { cursor: saved.cursor, epoch: saved.epoch, trimmed: saved.trimmed, turn: saved.turn, entries: [...saved.entries] });
    this.itemIndex.clear();
    this.entries.forEach((entry, index) => {
      if (entry.type === 'item') this.itemIndex.set(entry.item.id, index);
    });
  }

  apply(reply: EventsReply): void {
    this.cursor = reply.cursor;
    this.epoch = reply.epoch;
    if (reply.view) {
      this.entries = [];
      this.itemIndex.clear();
      for (const item of reply.items) this.putItem(item);
      for (const ask of reply.asks) rememberBounded(this.askTitles, ask.id, ask.title, ASK_MEMORY_PER_PANE);
      this.turn = reply.turn;
      this.trimmed = reply.trimmed;
      return;
    }
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
            this.entries.push({ type: 'decision', id: `decision-${event.seq}`, decidedBy: event.decidedBy, title });
          }
          break;
        case 'turn':
          this.turn = event.turn;
          break;
      }
    }
    this.keepWithinLimit();
  }

  private putItem(item: Item): void {
    const at = this.itemIndex.get(item.id);
    if (at !== undefined) {
      this.entries[at] = { type: 'item', item };
      return;
    }
    this.itemIndex.set(item.id, this.entries.length);
    this.entries.push({ type: 'item', item });
  }

  private keepWithinLimit(): void {
    if (this.entries.length <= MAX_ENTRIES_PER_PANE) return;
    this.entries.splice(0, this.entries.length - MAX_ENTRIES_PER_PANE);
    this.itemIndex.clear();
    this.entries.forEach((entry, index) => {
      if (entry.type === 'item') this.itemIndex.set(entry.item.id, index);
    });
    this.trimmed = true;
  }
}

/** Everything the bridge knows of one agent, and the JSON the phone reads of it. */
export class AgentStore {
  status: AgentStatus = 'starting';
  reason: string | undefined;
  hello: Hello | undefined;
  snapshot: Snapshot | undefined;
  readonly panes = new Map<string, PaneLog>();
  /** Rises on every change the phone could see. */
  version = 0;
  /** Titles of conversations seen in the agent's history, for a closed conversation's heading. */
  readonly historyTitles = new Map<string, string>();
  /** What `collie doctor` counts on its `program` line: reads of the agent and results of acts. */
  readonly counters = { reads: 0, results: {} as Record<string, number> };
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly name: string,
    readonly where: 'here' | 'elsewhere',
  ) {}

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  countResult(outcome: string): void {
    this.counters.results[outcome] = (this.counters.results[outcome] ?? 0) + 1;
  }

  setStatus(status: AgentStatus, reason?: string): void {
    if (this.status === status && this.reason === reason) return;
    this.status = status;
    this.reason = reason;
    this.changed();
  }

  setSnapshot(snapshot: Snapshot): void {
    this.snapshot = snapshot;
    const live = new Set(panesOf(snapshot).map(({ pane }) => pane.id));
    for (const id of this.panes.keys()) if (!live.has(id)) this.panes.delete(id);
    for (const { pane } of panesOf(snapshot)) {
      const log = this.paneLog(pane.id);
      for (const ask of pane.asks) rememberBounded(log.askTitles, ask.id, ask.title, ASK_MEMORY_PER_PANE);
    }
    this.changed();
  }

  paneLog(paneId: string): PaneLog {
    let log = this.panes.get(paneId);
    if (!log) {
      log = new PaneLog();
      this.panes.set(paneId, log);
    }
    return log;
  }

  row(): AgentRow {
    const panes = this.snapshot ? panesOf(this.snapshot) : [];
    const row: AgentRow = {
      name: this.name,
      where: this.where,
      status: this.status,
      open: panes.length,
      needsYou: panes.filter(({ pane }) => pane.asks.length > 0).length,
      caps: this.hello?.caps ?? null,
    };
    if (this.hello) row.hostName = this.hello.host.name;
    if (this.hello?.host.runtime) row.runtime = this.hello.host.runtime;
    if (this.reason) row.reason = this.reason;
    return row;
  }

  agentJson(): AgentJson {
    const panes = this.snapshot ? panesOf(this.snapshot) : [];
    return {
      agent: this.row(),
      conversations: panes.map(({ workspace, tab, pane }) => {
        const row: AgentJson['conversations'][number] = {
          paneId: pane.id,
          workspaceId: workspace.id,
          tabId: tab.id,
          title: pane.title,
          place: `${workspace.title} · ${tab.title}`,
          state: pane.state,
          needsYou: pane.asks.length,
        };
        if (pane.conversationId) row.conversationId = pane.conversationId;
        return row;
      }),
      layout: (this.snapshot?.workspaces ?? []).map((ws) => ({ id: ws.id, title: ws.title, tabs: ws.tabs.map((tab) => ({ id: tab.id, title: tab.title })) })),
      starters: this.snapshot?.starters ?? [],
    };
  }

  /** One open pane's chat; the bridge adds the pane's recent sends from its receipts. */
  chatJson(paneId: string): Omit<ChatJson, 'sends'> | undefined {
    const found = this.snapshot && panesOf(this.snapshot).find(({ pane }) => pane.id === paneId);
    if (!found) return undefined;
    const { workspace, tab, pane } = found;
    const log = this.panes.get(paneId);
    return {
      agent: this.row(),
      pane: { id: pane.id, title: pane.title, workspaceId: workspace.id, tabId: tab.id, state: pane.state, turn: pane.turn, belt: pane.belt },
      entries: log?.entries ?? [],
      asks: pane.asks.map(toPhoneAsk),
      trimmed: log?.trimmed ?? false,
    };
  }
}
