import { CAP_NAMES, type CallerCheck, type Caps, type Hello, type Snapshot, type Starter } from '../wire/types';
import { SERVICE_NAME, WIRE_VERSIONS } from '../wire/wire-protocol';
import { runtimeName } from './caller/caller-check';
import { ConversationBook, type Conversation } from './conversations';
import { freshEpoch } from './fresh-epoch';
import { PaneModel } from './pane-model';
import { RequestMemory } from './request-memory';

export interface TabModel {
  id: string;
  title: string;
  panes: Map<string, PaneModel>;
}
export interface WorkspaceModel {
  id: string;
  title: string;
  tabs: Map<string, TabModel>;
}

export function capsFrom(partial: Partial<Caps> = {}): Caps {
  const caps = {} as Caps;
  for (const name of CAP_NAMES) caps[name] = partial[name] ?? false;
  return caps;
}

/**
 * Everything one start of the agent shows: layout, panes, conversations, the revision counter
 * and request memory. Layout changes go through here so the revision and the saved
 * conversations follow every one of them.
 */
export class AgentState {
  readonly requests = new RequestMemory();
  readonly workspaces = new Map<string, WorkspaceModel>();
  readonly panes = new Map<string, PaneModel>();
  readonly conversations: ConversationBook;
  starters: Starter[] = [];
  ready = false;
  /** Set by the socket transport: whether writes from the agent's own processes are refused (hello says so). */
  callerCheck: CallerCheck | undefined;
  rev = 1;
  /** Called after every visible change (the kit saves conversations from here). */
  onChange: () => void = () => {};
  /** Called once a pane's turn has ended, whoever ended it (the kit starts the next queued text from here). */
  onTurnEnd: (pane: PaneModel) => void = () => {};
  /** Called as a pane is placed: a host that keeps the agent in storage gives the pane back what it kept. */
  onPanePlaced: (pane: PaneModel) => void = () => {};

  constructor(
    readonly hostName: string,
    readonly caps: Caps,
    readonly runtime = runtimeName(),
    conversations = new ConversationBook(),
    /** A start's epoch; a host whose memory outlives its process (storage) passes the kept one. */
    readonly epoch = freshEpoch(),
  ) {
    this.conversations = conversations;
  }

  /** Every change a reader could see raises the revision. */
  bump = (): void => {
    this.rev += 1;
    this.onChange();
  };

  hello(): Hello {
    return {
      service: SERVICE_NAME,
      protocol: { ...WIRE_VERSIONS },
      host: { name: this.hostName, runtime: this.runtime, ...(this.callerCheck ? { callerCheck: this.callerCheck } : {}) },
      epoch: this.epoch,
      ready: this.ready,
      caps: this.caps,
    };
  }

  snapshot(): Snapshot {
    return {
      epoch: this.epoch,
      rev: this.rev,
      workspaces: [...this.workspaces.values()].map((ws) => ({
        id: ws.id,
        title: ws.title,
        tabs: [...ws.tabs.values()].map((tab) => ({
          id: tab.id,
          title: tab.title,
          panes: [...tab.panes.values()].map((pane) => pane.toWire()),
        })),
      })),
      starters: this.starters,
    };
  }

  workspace(id: string, title: string): WorkspaceModel {
    let ws = this.workspaces.get(id);
    if (!ws) {
      ws = { id, title, tabs: new Map() };
      this.workspaces.set(id, ws);
      this.bump();
    }
    return ws;
  }

  tab(ws: WorkspaceModel, id: string, title: string): TabModel {
    let tab = ws.tabs.get(id);
    if (!tab) {
      tab = { id, title, panes: new Map() };
      ws.tabs.set(id, tab);
      this.bump();
    }
    return tab;
  }

  /** A pane in a tab; after a restart it shows again the open conversation it showed before. */
  pane(ws: WorkspaceModel, tab: TabModel, id: string, init: { title: string; harness?: string }): PaneModel {
    const existing = this.panes.get(id);
    if (existing) return existing;
    const conversation =
      this.conversations.openInPane(id) ??
      this.conversations.create({ title: init.title, paneId: id, workspaceId: ws.id, tabId: tab.id, ...(init.harness ? { harness: init.harness } : {}) });
    return this.place(conversation, ws, tab, id);
  }

  private place(conversation: Conversation, ws: WorkspaceModel, tab: TabModel, paneId: string): PaneModel {
    Object.assign(conversation.record, { state: 'open', paneId, workspaceId: ws.id, tabId: tab.id });
    delete conversation.record.closedAt;
    const pane = new PaneModel(paneId, conversation, this.bump, (ended) => this.onTurnEnd(ended));
    tab.panes.set(paneId, pane);
    this.panes.set(paneId, pane);
    this.onPanePlaced(pane);
    this.bump();
    return pane;
  }

  locate(paneId: string): { ws: WorkspaceModel; tab: TabModel; pane: PaneModel } | undefined {
    for (const ws of this.workspaces.values()) {
      for (const tab of ws.tabs.values()) {
        const pane = tab.panes.get(paneId);
        if (pane) return { ws, tab, pane };
      }
    }
    return undefined;
  }

  /** Closing a pane closes its conversation: open asks are decided in the agent, the turn stops. */
  closePane(paneId: string): boolean {
    const where = this.locate(paneId);
    if (!where) return false;
    const { tab, pane } = where;
    pane.closeAllAsks();
    pane.running?.controller.abort();
    pane.endTurn('stopped');
    const now = new Date().toISOString();
    Object.assign(pane.conversation.record, { state: 'closed', closedAt: now, updatedAt: now });
    tab.panes.delete(paneId);
    this.panes.delete(paneId);
    this.bump();
    return true;
  }

  closeTab(ws: WorkspaceModel, tabId: string): boolean {
    const tab = ws.tabs.get(tabId);
    if (!tab) return false;
    for (const paneId of [...tab.panes.keys()]) this.closePane(paneId);
    ws.tabs.delete(tabId);
    this.bump();
    return true;
  }

  closeWorkspace(wsId: string): boolean {
    const ws = this.workspaces.get(wsId);
    if (!ws) return false;
    for (const tabId of [...ws.tabs.keys()]) this.closeTab(ws, tabId);
    this.workspaces.delete(wsId);
    this.bump();
    return true;
  }

  /** Shows a closed conversation again, where it was if that place still stands. */
  reopen(conversation: Conversation): PaneModel {
    const { record } = conversation;
    if (record.state === 'open') {
      const shown = this.panes.get(record.paneId);
      if (shown?.conversation === conversation) return shown;
    }
    const ws = this.workspace(record.workspaceId, this.workspaces.get(record.workspaceId)?.title ?? record.workspaceId);
    const tab = this.tab(ws, record.tabId, ws.tabs.get(record.tabId)?.title ?? record.tabId);
    let paneId = record.paneId;
    for (let n = 2; this.panes.has(paneId); n += 1) paneId = `${record.paneId}-${n}`;
    return this.place(conversation, ws, tab, paneId);
  }

  /**
   * Shows again every conversation that was open when the agent stopped but that its code has
   * not placed in a pane since (a chat a starter opened, one the phone reopened), where it was.
   */
  restoreOpen(): void {
    for (const conversation of this.conversations.all().reverse()) {
      const { record } = conversation;
      if (record.state === 'open' && this.panes.get(record.paneId)?.conversation !== conversation) this.reopen(conversation);
    }
    for (const pane of this.panes.values()) pane.closeUnclaimedAsks();
  }
}
