/**
 * The bridge's views read back from untrusted JSON: by a lead from a crew member's bridge, and by
 * the phone from the copies it kept. Every string is cleaned and cut by the wire's one cleaner,
 * every list bounded, items, asks and decision lines go through the wire's own parsers. A value
 * that is no view at all reads as null; a row or entry that does not read is left out and
 * counted, and the caller says whether a view with any left out is worth showing.
 */
import { crewName, isAgentName, splitCrewName } from './agent-name';
import { isAskHash } from './ask-key';
import {
  AGENT_STATUSES,
  REASON_CODES,
  SEND_STATUSES,
  type AgentJson,
  type AgentRow,
  type ChatEntry,
  type ChatJson,
  type ClosedConversationRow,
  type ClosedPageJson,
  type ConversationRow,
  type DashboardJson,
  type HistoryJson,
  type InboxAsk,
  type LayoutWorkspace,
  type MachineRow,
  type PhoneAsk,
  type RowPreview,
  type SendRow,
} from './bridge-json';
import { cleanField } from './clean';
import { isValidId } from './ids';
import { BRIDGE_MEMORY, LIMITS } from './limits';
import { PREVIEW_BLOCKS } from './markdown-words';
import { parseAsk, parseTurn } from './parse-ask';
import { parseDecision } from './parse-decision';
import { parseRange } from './parse-hello';
import { parseCursor } from './parse-history';
import { parseItem } from './parse-item';
import { parseBeltButton, parseStarter } from './parse-snapshot';
import { bool, count, isRecord, list, oneOf, str, time } from './read';
import { ASK_KINDS, CAP_NAMES, ITEM_KINDS, PANE_STATES, type Caps } from './types';

/**
 * Bounds of a view's lists beyond the wire's per-agent limits: `agents` of one bridge (what a lead
 * takes of a member), and of a lead's view, those of each machine; a bridge sends at most 10 sends.
 */
export const VIEW_LIMITS = { agents: 64, machines: 64, inbox: 1000, sends: 50 } as const;
const agentsOf = (r: ViewReading) => (r.crewNames ? VIEW_LIMITS.agents * (VIEW_LIMITS.machines + 1) : VIEW_LIMITS.agents);

/** How one view is read, and what was left out of it. */
export interface ViewReading {
  /** Agent names may be a crew member's agent on the lead (`pi@build-box`): true for a lead's view. */
  crewNames: boolean;
  /** Rows and entries left out: they did not read, or were past their list's bound. */
  dropped: number;
}

export const reading = (crewNames: boolean): ViewReading => ({ crewNames, dropped: 0 });

/** A list's rows that read, at most `limit`; the rest counted as left out. */
function rows<T>(value: unknown, limit: number, parse: (raw: unknown) => T | null, r: ViewReading): T[] {
  if (!Array.isArray(value)) {
    if (value !== undefined) r.dropped += 1;
    return [];
  }
  const out = list(value, limit, parse);
  r.dropped += value.length - out.length;
  return out;
}

const title = (raw: unknown, fallback = '') => cleanField.title(str(raw) ?? '').text || fallback;
const nameOk = (raw: unknown, r: ViewReading): raw is string => isAgentName(raw) || (r.crewNames && typeof raw === 'string' && splitCrewName(raw) !== null);

function parseCaps(raw: unknown): Caps | null {
  if (!isRecord(raw)) return null;
  return Object.fromEntries(CAP_NAMES.map((name) => [name, raw[name] === true])) as Caps;
}

function parseAgentRow(raw: unknown, r: ViewReading): AgentRow | null {
  if (!isRecord(raw) || !nameOk(raw.name, r)) return null;
  const status = oneOf(raw.status, AGENT_STATUSES);
  const open = count(raw.open);
  const needsYou = count(raw.needsYou);
  if (!status || open === undefined || needsYou === undefined) return null;
  const row: AgentRow = {
    name: raw.name,
    where: oneOf(raw.where, ['here', 'elsewhere'] as const) ?? 'elsewhere',
    status,
    open,
    needsYou,
    caps: raw.caps === null ? null : parseCaps(raw.caps),
  };
  const hostName = str(raw.hostName);
  if (hostName !== undefined) row.hostName = cleanField.hostName(hostName).text;
  const runtime = str(raw.runtime);
  if (runtime !== undefined) row.runtime = cleanField.label(runtime).text;
  const reason = str(raw.reason);
  if (reason !== undefined) row.reason = cleanField.reason(reason).text;
  const code = oneOf(raw.reasonCode, REASON_CODES);
  if (code) row.reasonCode = code;
  if (isRecord(raw.versions)) {
    const agent = parseRange(raw.versions.agent);
    const collie = parseRange(raw.versions.collie);
    if (agent && collie) row.versions = { agent, collie };
  }
  const machine = isRecord(raw.machine) ? raw.machine : null;
  if (r.crewNames && machine && isAgentName(machine.label) && isAgentName(machine.agent) && raw.name === crewName(machine.agent, machine.label))
    row.machine = { label: machine.label, agent: machine.agent };
  return row;
}

function parseInboxAsk(raw: unknown, r: ViewReading): InboxAsk | null {
  if (!isRecord(raw) || !nameOk(raw.agent, r) || !isValidId(raw.paneId) || !isValidId(raw.askId)) return null;
  const kind = oneOf(raw.kind, ASK_KINDS);
  if (!kind) return null;
  const ask: InboxAsk = { agent: raw.agent, paneId: raw.paneId, askId: raw.askId, kind, title: title(raw.title), conversation: title(raw.conversation) };
  // A permission's command line: what the person allows, so it is carried whole or marked cut.
  const about = str(raw.about);
  if (about !== undefined) {
    const cleaned = cleanField.summary(about.split('\n')[0] ?? '');
    ask.about = cleaned.text;
    if (raw.aboutCut === true || cleaned.changed || about.includes('\n')) ask.aboutCut = true;
  }
  const createdAt = time(raw.createdAt);
  if (createdAt) ask.createdAt = createdAt;
  return ask;
}

function parseMachine(raw: unknown): MachineRow | null {
  if (!isRecord(raw) || !isAgentName(raw.label)) return null;
  const state = oneOf(raw.state, ['live', 'not-answering'] as const);
  return state ? { label: raw.label, state } : null;
}

export function parseDashboard(raw: unknown, r: ViewReading): DashboardJson | null {
  if (!isRecord(raw) || bool(raw.durable) === undefined || !Array.isArray(raw.agents)) return null;
  const view: DashboardJson = {
    durable: raw.durable as boolean,
    agents: rows(raw.agents, agentsOf(r), (a) => parseAgentRow(a, r), r),
    inbox: rows(raw.inbox, VIEW_LIMITS.inbox, (a) => parseInboxAsk(a, r), r),
  };
  // Only a lead's dashboard groups by machines.
  const machines = rows(raw.machines, VIEW_LIMITS.machines, parseMachine, r);
  if (machines.length > 0) view.machines = machines;
  return view;
}

function parsePreview(raw: unknown): RowPreview | undefined {
  if (!isRecord(raw)) return undefined;
  const kind = oneOf(raw.kind, ITEM_KINDS);
  const at = time(raw.at);
  if (!kind || !at) return undefined;
  const blocks = list(raw.blocks, PREVIEW_BLOCKS.length, (b) => oneOf(b, PREVIEW_BLOCKS) ?? null);
  return { kind, text: cleanField.line(str(raw.text) ?? '').text, ...(blocks.length > 0 ? { blocks } : {}), at };
}

function parseRow(raw: unknown): ConversationRow | null {
  if (!isRecord(raw) || !isValidId(raw.paneId) || !isValidId(raw.workspaceId) || !isValidId(raw.tabId)) return null;
  const state = oneOf(raw.state, PANE_STATES);
  const needsYou = count(raw.needsYou);
  if (!state || needsYou === undefined) return null;
  const row: ConversationRow = {
    paneId: raw.paneId,
    workspaceId: raw.workspaceId,
    tabId: raw.tabId,
    title: title(raw.title, raw.paneId),
    place: cleanField.line(str(raw.place) ?? '').text,
    state,
    needsYou,
  };
  if (isValidId(raw.conversationId)) row.conversationId = raw.conversationId;
  const question = isRecord(raw.question) ? { kind: oneOf(raw.question.kind, ASK_KINDS), title: cleanField.title(str(raw.question.title) ?? '').text } : null;
  if (question?.kind) row.question = { kind: question.kind, title: question.title };
  const preview = parsePreview(raw.preview);
  if (preview) row.preview = preview;
  const activeAt = time(raw.activeAt);
  if (activeAt) row.activeAt = activeAt;
  return row;
}

function parseWorkspace(raw: unknown, r: ViewReading): LayoutWorkspace | null {
  if (!isRecord(raw) || !isValidId(raw.id)) return null;
  const tabs = rows(raw.tabs, LIMITS.tabs, (tab) => (isRecord(tab) && isValidId(tab.id) ? { id: tab.id, title: title(tab.title, tab.id) } : null), r);
  return { id: raw.id, title: title(raw.title, raw.id), tabs };
}

export function parseAgentView(raw: unknown, r: ViewReading): AgentJson | null {
  if (!isRecord(raw)) return null;
  const agent = parseAgentRow(raw.agent, r);
  if (!agent) return null;
  return {
    agent,
    conversations: rows(raw.conversations, LIMITS.panes, parseRow, r),
    layout: rows(raw.layout, LIMITS.workspaces, (w) => parseWorkspace(w, r), r),
    starters: rows(raw.starters, LIMITS.starters, parseStarter, r),
  };
}

function parseEntry(raw: unknown): ChatEntry | null {
  if (!isRecord(raw)) return null;
  if (raw.type === 'item') {
    const item = parseItem(raw.item);
    return item ? { type: 'item', item } : null;
  }
  return raw.type === 'decision' ? parseDecision(raw) : null;
}

function parsePhoneAsk(raw: unknown): PhoneAsk | null {
  if (!isRecord(raw) || !isAskHash(raw.hash)) return null;
  const ask = parseAsk(raw);
  return ask ? { ...ask, hash: raw.hash } : null;
}

function parseSend(raw: unknown): SendRow | null {
  if (!isRecord(raw) || !isValidId(raw.requestId) || typeof raw.steer !== 'boolean') return null;
  const status = oneOf(raw.status, SEND_STATUSES);
  const at = time(raw.at);
  if (!status || !at) return null;
  const row: SendRow = { requestId: raw.requestId, steer: raw.steer, status, at };
  const reason = str(raw.reason);
  if (reason !== undefined) row.reason = cleanField.line(reason).text;
  return row;
}

export function parseChatView(raw: unknown, r: ViewReading): ChatJson | null {
  if (!isRecord(raw) || !isRecord(raw.pane)) return null;
  const agent = parseAgentRow(raw.agent, r);
  const { pane } = raw;
  const state = oneOf(pane.state, PANE_STATES);
  if (!agent || !isValidId(pane.id) || !isValidId(pane.workspaceId) || !isValidId(pane.tabId) || !state) return null;
  const turn = pane.turn == null ? null : parseTurn(pane.turn);
  if (pane.turn != null && turn === null) r.dropped += 1;
  const view: ChatJson = {
    agent,
    pane: {
      id: pane.id,
      title: title(pane.title, pane.id),
      workspaceId: pane.workspaceId,
      tabId: pane.tabId,
      state,
      turn,
      belt: rows(pane.belt, LIMITS.beltButtons, parseBeltButton, r),
    },
    entries: rows(raw.entries, BRIDGE_MEMORY.paneEntries, parseEntry, r),
    asks: rows(raw.asks, LIMITS.openAsksPerPane, parsePhoneAsk, r),
    trimmed: raw.trimmed === true,
    sends: rows(raw.sends, VIEW_LIMITS.sends, parseSend, r),
  };
  // A tail read says how much it left out, so the chat offers the rest (once online again, for a kept copy).
  const earlier = count(raw.earlier);
  if (earlier !== undefined) view.earlier = earlier;
  else if (raw.earlier !== undefined) r.dropped += 1;
  return view;
}

const cursor = (raw: unknown): string | null => parseCursor(raw) ?? null;

export function parseClosedPage(raw: unknown, r: ViewReading): ClosedPageJson | null {
  if (!isRecord(raw) || !Array.isArray(raw.conversations)) return null;
  const conversations = rows(
    raw.conversations,
    LIMITS.historyConversations,
    (c): ClosedConversationRow | null => {
      if (!isRecord(c) || !isValidId(c.id)) return null;
      const row: ClosedConversationRow = { id: c.id, title: title(c.title, c.id) };
      const updatedAt = time(c.updatedAt);
      const closedAt = time(c.closedAt);
      if (updatedAt) row.updatedAt = updatedAt;
      if (closedAt) row.closedAt = closedAt;
      return row;
    },
    r,
  );
  return { conversations, next: cursor(raw.next) };
}

export function parseHistory(raw: unknown, r: ViewReading): HistoryJson | null {
  if (!isRecord(raw) || !isRecord(raw.conversation) || !isValidId(raw.conversation.id)) return null;
  return {
    conversation: { id: raw.conversation.id, title: title(raw.conversation.title, raw.conversation.id) },
    entries: rows(raw.entries, LIMITS.historyItems, parseEntry, r),
    next: cursor(raw.next),
    trimmed: raw.trimmed === true,
  };
}
