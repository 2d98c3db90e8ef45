/**
 * What a member's bridge answers, read on the lead as an agent's reply is read: untrusted JSON,
 * every string cleaned and cut by the wire's one cleaner, every list bounded, items and asks
 * through the wire's own parsers. A view that is not one at all reads as null (the lead then
 * treats the member as answering badly); a single bad row or entry is dropped.
 */
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
  type PhoneAsk,
  type RowPreview,
  type SendRow,
} from '../../wire/bridge-json';
import { cleanField } from '../../wire/clean';
import { PREVIEW_BLOCKS } from '../../wire/markdown-words';
import { isValidId } from '../../wire/ids';
import { BRIDGE_MEMORY, LIMITS } from '../../wire/limits';
import { parseAsk, parseTurn } from '../../wire/parse-ask';
import { parseDecision } from '../../wire/parse-decision';
import { parseRange } from '../../wire/parse-hello';
import { parseCursor } from '../../wire/parse-history';
import { parseItem } from '../../wire/parse-item';
import { parseBeltButton, parseStarter } from '../../wire/parse-snapshot';
import { bool, count, isRecord, list, oneOf, str, time } from '../../wire/read';
import { ASK_KINDS, CAP_NAMES, ITEM_KINDS, PANE_STATES, type Caps } from '../../wire/types';
import { checkName } from '../config/source-rules';

/** Bounds of what the lead takes of one member, beyond the wire's own per-agent limits. */
export const MEMBER_LIMITS = { agents: 64, inbox: 1000, conversations: LIMITS.panes, sends: 50, reasonBytes: LIMITS.reasonBytes } as const;

const title = (raw: unknown, fallback = '') => cleanField.title(str(raw) ?? '').text || fallback;

function parseCaps(raw: unknown): Caps | null {
  if (!isRecord(raw)) return null;
  return Object.fromEntries(CAP_NAMES.map((name) => [name, raw[name] === true])) as Caps;
}

export function parseAgentRow(raw: unknown): AgentRow | null {
  if (!isRecord(raw) || typeof raw.name !== 'string' || checkName(raw.name)) return null;
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
  return row;
}

function parseInboxAsk(raw: unknown): InboxAsk | null {
  if (!isRecord(raw) || typeof raw.agent !== 'string' || checkName(raw.agent) || !isValidId(raw.paneId) || !isValidId(raw.askId)) return null;
  const kind = oneOf(raw.kind, ASK_KINDS);
  if (!kind) return null;
  const ask: InboxAsk = { agent: raw.agent, paneId: raw.paneId, askId: raw.askId, kind, title: title(raw.title), conversation: title(raw.conversation) };
  const createdAt = time(raw.createdAt);
  if (createdAt) ask.createdAt = createdAt;
  return ask;
}

export function parseMemberDashboard(raw: unknown): DashboardJson | null {
  if (!isRecord(raw) || bool(raw.durable) === undefined || !Array.isArray(raw.agents)) return null;
  return { durable: raw.durable as boolean, agents: list(raw.agents, MEMBER_LIMITS.agents, parseAgentRow), inbox: list(raw.inbox, MEMBER_LIMITS.inbox, parseInboxAsk) };
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

function parseWorkspace(raw: unknown): LayoutWorkspace | null {
  if (!isRecord(raw) || !isValidId(raw.id)) return null;
  const tabs = list(raw.tabs, LIMITS.tabs, (tab) => (isRecord(tab) && isValidId(tab.id) ? { id: tab.id, title: title(tab.title, tab.id) } : null));
  return { id: raw.id, title: title(raw.title, raw.id), tabs };
}

export function parseMemberAgent(raw: unknown): AgentJson | null {
  if (!isRecord(raw)) return null;
  const agent = parseAgentRow(raw.agent);
  if (!agent) return null;
  return {
    agent,
    conversations: list(raw.conversations, MEMBER_LIMITS.conversations, parseRow),
    layout: list(raw.layout, LIMITS.workspaces, parseWorkspace),
    starters: list(raw.starters, LIMITS.starters, parseStarter),
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
  if (!isRecord(raw) || typeof raw.hash !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(raw.hash)) return null;
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

export function parseMemberChat(raw: unknown): ChatJson | null {
  if (!isRecord(raw) || !isRecord(raw.pane)) return null;
  const agent = parseAgentRow(raw.agent);
  const { pane } = raw;
  const state = oneOf(pane.state, PANE_STATES);
  if (!agent || !isValidId(pane.id) || !isValidId(pane.workspaceId) || !isValidId(pane.tabId) || !state) return null;
  return {
    agent,
    pane: {
      id: pane.id,
      title: title(pane.title, pane.id),
      workspaceId: pane.workspaceId,
      tabId: pane.tabId,
      state,
      turn: pane.turn == null ? null : parseTurn(pane.turn),
      belt: list(pane.belt, LIMITS.beltButtons, parseBeltButton),
    },
    entries: list(raw.entries, BRIDGE_MEMORY.paneEntries, parseEntry),
    asks: list(raw.asks, LIMITS.openAsksPerPane, parsePhoneAsk),
    trimmed: raw.trimmed === true,
    sends: list(raw.sends, MEMBER_LIMITS.sends, parseSend),
  };
}

const cursor = (raw: unknown): string | null => parseCursor(raw) ?? null;

export function parseMemberClosed(raw: unknown): ClosedPageJson | null {
  if (!isRecord(raw) || !Array.isArray(raw.conversations)) return null;
  const conversations = list(raw.conversations, LIMITS.historyConversations, (c): ClosedConversationRow | null => {
    if (!isRecord(c) || !isValidId(c.id)) return null;
    const row: ClosedConversationRow = { id: c.id, title: title(c.title, c.id) };
    const updatedAt = time(c.updatedAt);
    const closedAt = time(c.closedAt);
    if (updatedAt) row.updatedAt = updatedAt;
    if (closedAt) row.closedAt = closedAt;
    return row;
  });
  return { conversations, next: cursor(raw.next) };
}

export function parseMemberHistory(raw: unknown): HistoryJson | null {
  if (!isRecord(raw) || !isRecord(raw.conversation) || !isValidId(raw.conversation.id)) return null;
  return {
    conversation: { id: raw.conversation.id, title: title(raw.conversation.title, raw.conversation.id) },
    entries: list(raw.entries, LIMITS.historyItems, parseEntry),
    next: cursor(raw.next),
    trimmed: raw.trimmed === true,
  };
}
