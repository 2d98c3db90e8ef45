import { crewName, splitCrewName } from '../../wire/agent-name';
import type { AgentJson, AgentRow, ChatJson, ClosedPageJson, DashboardJson, HistoryJson, InboxAsk, MachineRow } from '../../wire/bridge-json';
import { pathOf } from '../../wire/phone-routes';
import { isRecord } from '../../wire/read';
import { HttpError } from '../http/http-error';
import type { Versioned } from '../http/versioned';
import { TransportError } from '../link/transport';
import type { Crew } from './crew';
import { crewCall, type CrewCall, type CrewTls } from './crew-call';
import type { CrewMember } from './crew-file';
import { parseAgentView, parseChatView, parseClosedPage, parseDashboard, parseHistory, reading, type ViewReading } from '../../wire/parse-views';
import { CREW_READ, Mirror, nextVersion, type MirrorState } from './mirror';

/**
 * Views of one member read at once besides its dashboard (a phone's open agent lists and chats);
 * the least used stop first. With the dashboard it stays under the member's long-polls per
 * device (PHONE_LIMITS.heldPerDevice, 16): the lead is one device there.
 */
export const MIRRORS_PER_MEMBER = 12;

export interface CrewViewsOptions {
  tls?: CrewTls;
  read?: Partial<typeof CREW_READ>;
  log: (line: string) => void;
}

/**
 * A member's view read by the wire's one reader: its own agents only (no crew names), a row or
 * entry that does not read left out (the rest of a live view is still worth showing).
 */
const memberView =
  <T>(read: (raw: unknown, r: ViewReading) => T | null) =>
  (raw: unknown): T | null =>
    read(raw, reading(false));

/** A member's view on the lead: what it follows, and its JSON as the lead's phone sees it. */
export interface MemberView<T> {
  sources: Versioned[];
  render: () => T;
}

/**
 * The lead's side of the crew's views: each member's dashboard read all the time, and the agent
 * lists and chats a phone opens read while it looks, each as a phone reads them (long-polls), the
 * lead's key on every read; closed conversations read once per page. The lead never talks to a
 * member's agents: only to the member's bridge, which keeps its agents, cache, receipts and locks.
 * What it serves names each member's agent `<agent>@<label>`, marked elsewhere, with its machine.
 */
export class CrewViews {
  private readonly dashboards = new Map<string, Mirror<DashboardJson>>();
  private readonly opened = new Map<string, { label: string; mirror: Mirror<AgentJson | ChatJson> }>();
  private readonly listeners = new Set<() => void>();
  private membershipVersion = 0;
  private readonly stopMembers: () => void;
  private readonly sweeper: NodeJS.Timeout;
  private readonly read: typeof CREW_READ;
  /** Ends the one-off reads still under way when the bridge stops (a closed page, a pushed question's buttons). */
  private readonly closing = new AbortController();
  /** Follows joins and removals: a dashboard held on the lead wakes when a member comes or goes. */
  readonly membership: Versioned;

  constructor(
    private readonly crew: Crew,
    private readonly options: CrewViewsOptions,
  ) {
    this.read = { ...CREW_READ, ...options.read };
    const self = this;
    this.membership = {
      get version() {
        return self.membershipVersion;
      },
      onChange: (listener) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      },
    };
    this.stopMembers = crew.onMembers(() => this.sync());
    this.sweeper = setInterval(() => this.sweep(), Math.max(1000, this.read.idleMs / 2));
    this.sweeper.unref();
    this.sync();
  }

  /** Starts reading each member's dashboard, and stops every read of a member that left. */
  private sync(): void {
    const members = new Map(this.crew.members.map((m) => [m.label, m]));
    for (const [label, mirror] of this.dashboards) {
      if (members.has(label)) continue;
      mirror.stop();
      this.dashboards.delete(label);
    }
    for (const [key, { label, mirror }] of this.opened) {
      if (members.has(label)) continue;
      mirror.stop();
      this.opened.delete(key);
    }
    for (const member of members.values()) {
      if (this.dashboards.has(member.label)) continue;
      const mirror = this.mirror(member, pathOf('dashboard', {}), memberView(parseDashboard), `${member.label}'s dashboard`, (state) =>
        this.crew.memberSeen(member.label, state === 'reading' ? 'joined' : state),
      );
      this.dashboards.set(member.label, mirror);
    }
    this.membershipVersion = nextVersion();
    for (const listener of [...this.listeners]) listener();
  }

  private mirror<T>(member: CrewMember, path: string, parse: (raw: unknown) => T | null, what: string, onRead?: (state: MirrorState) => void): Mirror<T> {
    return new Mirror({
      origin: member.origin,
      key: member.key,
      path,
      parse,
      what,
      tls: this.options.tls,
      read: this.options.read,
      log: this.options.log,
      ...(onRead ? { onRead } : {}),
    });
  }

  /** What the lead's dashboard follows of the crew. */
  dashboardSources(): Versioned[] {
    return [this.membership, ...this.dashboards.values()];
  }

  /** Whether a member answers its dashboard's reads (not yet read counts as answering). */
  private answering(label: string): boolean {
    const state = this.dashboards.get(label)?.state;
    return state === 'live' || state === 'reading';
  }

  /** The machines, in the order they joined; undefined when this bridge leads no crew. */
  machines(): MachineRow[] | undefined {
    const members = this.crew.members;
    if (members.length === 0) return undefined;
    return members.map(({ label }) => ({ label, state: this.answering(label) ? 'live' : 'not-answering' }));
  }

  /** Every member's agents, as the lead's dashboard lists them beside its own. */
  rows(): AgentRow[] {
    return this.crew.members.flatMap(({ label }) => (this.dashboards.get(label)?.value?.agents ?? []).map((row) => this.qualify(label, row)));
  }

  /** The dashboards of the members that answer now, as last read (what the lead's push decides on). */
  answeringDashboards(): { label: string; dashboard: DashboardJson }[] {
    return this.crew.members.flatMap(({ label }) => {
      const mirror = this.dashboards.get(label);
      return mirror?.state === 'live' && mirror.value ? [{ label, dashboard: mirror.value }] : [];
    });
  }

  /** The open asks of the members that answer. */
  inbox(): InboxAsk[] {
    return this.crew.members.flatMap(({ label }) => {
      if (!this.answering(label)) return [];
      return (this.dashboards.get(label)?.value?.inbox ?? []).map((ask) => ({ ...ask, agent: crewName(ask.agent, label) }));
    });
  }

  /** A member's row as the lead shows it: its name made unique, marked elsewhere; unreachable while its machine does not answer. */
  private qualify(label: string, row: AgentRow): AgentRow {
    const shown: AgentRow = { ...row, name: crewName(row.name, label), where: 'elsewhere', machine: { label, agent: row.name } };
    if (this.answering(label)) return shown;
    const { versions: _, ...rest } = shown;
    return { ...rest, status: 'unreachable', reason: `${label} is not answering`, reasonCode: 'machine-not-answering' };
  }

  /** The member and its agent's own name, when `name` is one of a member's agents; else null. */
  find(name: string): { member: CrewMember; agent: string } | null {
    const split = splitCrewName(name);
    const member = split && this.crew.members.find((m) => m.label === split.label);
    return member ? { member, agent: split.agent } : null;
  }

  private found(name: string): { member: CrewMember; agent: string } {
    const found = this.find(name);
    if (!found) throw new HttpError(404, 'no-such-agent', 'no durable agent has this name');
    return found;
  }

  /** A member's agent list: read at once when a phone first opens it, then followed while phones look. */
  async agentView(name: string): Promise<MemberView<AgentJson>> {
    const { member, agent } = this.found(name);
    const mirror = await this.opening(member, pathOf('agent', { agent }), memberView(parseAgentView), `${name}'s list`);
    return {
      sources: this.sourcesOf(member, mirror),
      render: () => ({ ...this.valueOf(member, mirror, 'no-such-agent'), agent: this.qualify(member.label, this.valueOf(member, mirror, 'no-such-agent').agent) }),
    };
  }

  async chatView(name: string, paneId: string): Promise<MemberView<ChatJson>> {
    const { member, agent } = this.found(name);
    const mirror = await this.opening(member, pathOf('chat', { agent, paneId }), memberView(parseChatView), `${name}'s chat ${paneId}`);
    return {
      sources: this.sourcesOf(member, mirror),
      render: () => {
        const chat = this.valueOf(member, mirror, 'no-such-pane');
        return { ...chat, agent: this.qualify(member.label, chat.agent) };
      },
    };
  }

  private sourcesOf(member: CrewMember, mirror: Mirror<unknown>): Versioned[] {
    const dashboard = this.dashboards.get(member.label);
    return dashboard ? [mirror, dashboard, this.membership] : [mirror, this.membership];
  }

  private valueOf<T>(member: CrewMember, mirror: Mirror<T>, gone: 'no-such-agent' | 'no-such-pane'): T {
    if (mirror.isStopped) throw new HttpError(404, 'no-such-agent', 'no durable agent has this name');
    if (mirror.gone) throw new HttpError(404, gone, gone === 'no-such-pane' ? 'this conversation is not open' : 'no durable agent has this name');
    if (mirror.value === null) throw new HttpError(502, 'agent-unreachable', `${member.label} is not answering`);
    return mirror.value;
  }

  /** The view's reader, started (and its first read awaited) when no phone looked at it lately. */
  private async opening<T extends AgentJson | ChatJson>(member: CrewMember, path: string, parse: (raw: unknown) => T | null, what: string): Promise<Mirror<T>> {
    const key = `${member.label}\n${path}`;
    let entry = this.opened.get(key);
    if (!entry) {
      const ofMember = [...this.opened.entries()].filter(([, e]) => e.label === member.label).sort(([, a], [, b]) => a.mirror.lastUsed - b.mirror.lastUsed);
      for (const [oldKey, old] of ofMember.slice(0, Math.max(0, ofMember.length - MIRRORS_PER_MEMBER + 1))) {
        old.mirror.stop();
        this.opened.delete(oldKey);
      }
      entry = { label: member.label, mirror: this.mirror(member, path, parse, what) };
      this.opened.set(key, entry);
    }
    entry.mirror.lastUsed = Date.now();
    await entry.mirror.first;
    return entry.mirror as Mirror<T>;
  }

  /** A member's chat read once, never kept (the lead's push reads a new question's options so). */
  async chatOnce(name: string, paneId: string): Promise<ChatJson> {
    const { member, agent } = this.found(name);
    return this.once(member, pathOf('chat', { agent, paneId }), memberView(parseChatView));
  }

  /** A member's closed conversations, a page at a time: read once, never kept. */
  closedPage(name: string, after: string | null): Promise<ClosedPageJson> {
    const { member, agent } = this.found(name);
    return this.once(member, `${pathOf('closed', { agent })}${after ? `?after=${encodeURIComponent(after)}` : ''}`, memberView(parseClosedPage));
  }

  history(name: string, conversationId: string, after: string | null): Promise<HistoryJson> {
    const { member, agent } = this.found(name);
    return this.once(member, `${pathOf('history', { agent, conversationId })}${after ? `?after=${encodeURIComponent(after)}` : ''}`, memberView(parseHistory));
  }

  /** One read of a member, its refusal passed on as the member's code when it is one a phone knows. */
  async once<T>(member: CrewMember, path: string, parse: (raw: unknown) => T | null): Promise<T> {
    let res;
    try {
      const call: CrewCall = { method: 'GET', path, key: member.key, deadlineMs: this.read.firstMs * 2, maxBytes: this.read.replyBytes, signal: this.closing.signal };
      res = await crewCall(member.origin, call, this.options.tls);
    } catch (err) {
      if (err instanceof TransportError) throw new HttpError(502, 'agent-unreachable', `${member.label} is not answering`, { cause: err });
      throw err;
    }
    if (res.status !== 200) {
      const code = isRecord(res.json) ? res.json.code : undefined;
      const passed = PASSED_ON.find((c) => c === code);
      if (passed) throw new HttpError(res.status === 404 ? 404 : 502, passed, `${member.label}: ${PASSED_WORDS[passed]}`);
      throw new HttpError(502, 'agent-refused', `${member.label} answered ${res.status}`);
    }
    const parsed = parse(res.json);
    if (parsed === null) throw new HttpError(502, 'agent-refused', `${member.label} gave a reply that cannot be read`);
    return parsed;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, { mirror }] of this.opened) {
      if (now - mirror.lastUsed < this.read.idleMs) continue;
      mirror.stop();
      this.opened.delete(key);
    }
  }

  close(): void {
    this.closing.abort();
    this.stopMembers();
    clearInterval(this.sweeper);
    for (const mirror of this.dashboards.values()) mirror.stop();
    for (const { mirror } of this.opened.values()) mirror.stop();
    this.dashboards.clear();
    this.opened.clear();
  }
}

/** A member's refusals of a closed-history read a phone words itself, passed on with the member's label. */
const PASSED_ON = ['no-such-agent', 'no-history', 'no-such-conversation', 'agent-unreachable', 'agent-refused'] as const;
const PASSED_WORDS: Record<(typeof PASSED_ON)[number], string> = {
  'no-such-agent': 'no durable agent has this name',
  'no-history': 'this durable agent keeps no history',
  'no-such-conversation': 'the durable agent does not know this conversation',
  'agent-unreachable': 'the durable agent does not answer',
  'agent-refused': 'the durable agent refused',
};
