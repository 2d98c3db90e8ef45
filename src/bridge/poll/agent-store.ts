import { rememberBounded } from '../../wire/bounded-map';
import { BRIDGE_MEMORY } from '../../wire/limits';
import { panesOf } from '../../wire/parse-snapshot';
import type { AgentJson, AgentRow, AgentStatus, ChatJson, AnsweredBy } from '../../wire/bridge-json';
import type { Hello, Snapshot } from '../../wire/types';
import { toPhoneAsk } from './ask-hash';
import { askTitle } from './ask-title';
import { fairShare, PaneLog } from './pane-log';
import { lastActivity } from './row-activity';
import { rowPreview } from './row-preview';

/** Everything the bridge knows of one agent, and the JSON the phone reads of it. */
export class AgentStore {
  status: AgentStatus = 'starting';
  reason: string | undefined;
  /** The reason as a code (and the versions of a mismatch), for the phone to word. */
  why: Pick<AgentRow, 'reasonCode' | 'versions'> = {};
  hello: Hello | undefined;
  snapshot: Snapshot | undefined;
  readonly panes = new Map<string, PaneLog>();
  /** Rises on every change the phone could see. */
  version = 0;
  /**
   * When this bridge first saw each open pane (its own clock): the last activity of a conversation
   * that has no item, ask or turn with a time yet, so every row of the list has one. Kept as long
   * as the pane is open.
   */
  private readonly firstSeen = new Map<string, string>();
  /** Titles of conversations seen in the agent's history, for a closed conversation's heading (bounded). */
  private readonly historyTitles = new Map<string, string>();
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

  setStatus(status: AgentStatus, reason?: string, why: Pick<AgentRow, 'reasonCode' | 'versions'> = {}): void {
    if (this.status === status && this.reason === reason && this.why.reasonCode === why.reasonCode) return;
    this.status = status;
    this.reason = reason;
    this.why = why;
    this.changed();
  }

  /** A hello read afresh; a view that shows it (name, runtime, caps) changes only when it differs. */
  setHello(hello: Hello): void {
    const changed = JSON.stringify(hello) !== JSON.stringify(this.hello);
    this.hello = hello;
    if (changed) this.changed();
  }

  setSnapshot(snapshot: Snapshot): void {
    this.snapshot = snapshot;
    const live = new Set(panesOf(snapshot).map(({ pane }) => pane.id));
    for (const id of this.panes.keys()) if (!live.has(id)) this.panes.delete(id);
    for (const id of this.firstSeen.keys()) if (!live.has(id)) this.firstSeen.delete(id);
    const seenAt = new Date().toISOString();
    for (const { pane } of panesOf(snapshot)) {
      if (!this.firstSeen.has(pane.id)) this.firstSeen.set(pane.id, seenAt);
      const log = this.paneLog(pane.id);
      for (const ask of pane.asks) log.rememberAsk(ask);
    }
    this.changed();
  }

  rememberTitle(conversationId: string, title: string): void {
    rememberBounded(this.historyTitles, conversationId, title, BRIDGE_MEMORY.historyTitles);
  }

  titleOf(conversationId: string): string | undefined {
    return this.historyTitles.get(conversationId);
  }

  /** What the chats of this agent hold, in the budget's bytes. */
  bytes(): number {
    let total = 0;
    for (const log of this.panes.values()) total += log.bytes;
    return total;
  }

  /**
   * Keeps all panes together within the agent's budget: the largest are cut to a fair share,
   * oldest entries first; a pane under the share keeps everything.
   */
  keepWithinBudget(): void {
    const logs = [...this.panes.values()];
    const share = fairShare(
      logs.map((log) => log.bytes),
      BRIDGE_MEMORY.agentBytes,
    );
    if (share === Infinity) return;
    for (const log of logs) if (log.bytes > share) log.keepWithin(share);
  }

  /** A phone's answer this bridge delivered: its chat line names who answered (phones reading see it at once). */
  noteAnswer(paneId: string, askId: string, by: AnsweredBy): void {
    if (this.paneLog(paneId).noteAnswer(askId, by)) this.changed();
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
    if (this.why.reasonCode) row.reasonCode = this.why.reasonCode;
    if (this.why.versions) row.versions = this.why.versions;
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
        const asked = pane.asks[0];
        if (asked) row.question = { kind: asked.kind, title: askTitle(asked) };
        const log = this.panes.get(pane.id);
        const preview = rowPreview(log?.entries ?? []);
        if (preview) row.preview = preview;
        const turns = [pane.turn, log?.turn].flatMap((turn) => [turn?.startedAt, turn?.endedAt]);
        const activeAt = lastActivity([preview?.at, ...pane.asks.map((ask) => ask.createdAt), ...turns]) ?? this.firstSeen.get(pane.id);
        if (activeAt) row.activeAt = activeAt;
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
