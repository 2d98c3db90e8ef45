import {
  AGENT_STATUSES,
  SEND_STATUSES,
  type AgentJson,
  type AgentRow,
  type ChatEntry,
  type ChatJson,
  type ConversationRow,
  type DashboardJson,
  type InboxAsk,
  type MachineRow,
  type PhoneAsk,
  type SendRow,
} from '../../wire/bridge-json';
import { parseAsk, parseTurn } from '../../wire/parse-ask';
import { parseItem } from '../../wire/parse-item';
import { bool, count, isRecord, oneOf, type Rec } from '../../wire/read';
import { PANE_STATES, type Caps } from '../../wire/types';

/**
 * Reads back what the phone kept of the bridge's views (the dashboard, an agent's list, a chat).
 * A kept copy is untrusted input like any: a copy written by an older version of the app that
 * no longer has the shape this one draws reads as null and is dropped, never shown half-drawn.
 * Items and asks go through the wire's own parsers; the rest is checked field by field.
 */
const MAX_ROWS = 100_000;

/** Every element of a list, or null if any does not read: a copy is whole or not at all. */
function all<T>(value: unknown, parse: (raw: unknown) => T | null): T[] | null {
  if (!Array.isArray(value) || value.length > MAX_ROWS) return null;
  const out: T[] = [];
  for (const raw of value) {
    const parsed = parse(raw);
    if (parsed === null) return null;
    out.push(parsed);
  }
  return out;
}

const strings = (raw: Rec, ...keys: string[]) => keys.every((k) => typeof raw[k] === 'string');

function parseCaps(raw: unknown): Caps | null {
  if (!isRecord(raw)) return null;
  return Object.values(raw).every((v) => typeof v === 'boolean') ? (raw as unknown as Caps) : null;
}

function parseAgentRow(raw: unknown): AgentRow | null {
  if (!isRecord(raw) || !strings(raw, 'name', 'where') || !oneOf(raw.status, AGENT_STATUSES)) return null;
  if (count(raw.open) === undefined || count(raw.needsYou) === undefined) return null;
  if (raw.caps !== null && parseCaps(raw.caps) === null) return null;
  return raw as unknown as AgentRow;
}

function parseInboxAsk(raw: unknown): InboxAsk | null {
  return isRecord(raw) && strings(raw, 'agent', 'paneId', 'askId', 'kind', 'title', 'conversation') ? (raw as unknown as InboxAsk) : null;
}

function parseMachine(raw: unknown): MachineRow | null {
  return isRecord(raw) && typeof raw.label === 'string' && oneOf(raw.state, ['live', 'not-answering'] as const) ? (raw as unknown as MachineRow) : null;
}

export function parseDashboard(raw: unknown): DashboardJson | null {
  if (!isRecord(raw) || bool(raw.durable) === undefined) return null;
  const agents = all(raw.agents, parseAgentRow);
  const inbox = all(raw.inbox, parseInboxAsk);
  // The crew's machines came with a later bridge: a copy without them is a bridge that leads none.
  const machines = raw.machines === undefined ? [] : all(raw.machines, parseMachine);
  if (!agents || !inbox || !machines) return null;
  return { durable: raw.durable as boolean, agents, inbox, ...(machines.length > 0 ? { machines } : {}) };
}

function parseRow(raw: unknown): ConversationRow | null {
  if (!isRecord(raw) || !strings(raw, 'paneId', 'workspaceId', 'tabId', 'title', 'place') || !oneOf(raw.state, PANE_STATES) || count(raw.needsYou) === undefined) return null;
  return raw as unknown as ConversationRow;
}

export function parseAgentView(raw: unknown): AgentJson | null {
  if (!isRecord(raw)) return null;
  const agent = parseAgentRow(raw.agent);
  const conversations = all(raw.conversations, parseRow);
  const layout = all(raw.layout, (w) => (isRecord(w) && strings(w, 'id', 'title') && Array.isArray(w.tabs) ? (w as unknown as AgentJson['layout'][number]) : null));
  const starters = all(raw.starters, (s) => (isRecord(s) && strings(s, 'id', 'label') ? (s as unknown as AgentJson['starters'][number]) : null));
  return agent && conversations && layout && starters ? { agent, conversations, layout, starters } : null;
}

function parseEntry(raw: unknown): ChatEntry | null {
  if (!isRecord(raw)) return null;
  if (raw.type === 'item') {
    const item = parseItem(raw.item);
    return item ? { type: 'item', item } : null;
  }
  if (raw.type === 'decision' && strings(raw, 'id', 'decidedBy', 'title')) return raw as unknown as ChatEntry;
  return null;
}

function parsePhoneAsk(raw: unknown): PhoneAsk | null {
  if (!isRecord(raw) || typeof raw.hash !== 'string') return null;
  const ask = parseAsk(raw);
  return ask ? { ...ask, hash: raw.hash } : null;
}

function parseSend(raw: unknown): SendRow | null {
  return isRecord(raw) && strings(raw, 'requestId', 'at') && bool(raw.steer) !== undefined && oneOf(raw.status, SEND_STATUSES) ? (raw as unknown as SendRow) : null;
}

export function parseChatView(raw: unknown): ChatJson | null {
  if (!isRecord(raw) || !isRecord(raw.pane) || bool(raw.trimmed) === undefined) return null;
  const agent = parseAgentRow(raw.agent);
  const { pane } = raw;
  if (!strings(pane, 'id', 'title', 'workspaceId', 'tabId') || !oneOf(pane.state, PANE_STATES) || !Array.isArray(pane.belt)) return null;
  const turn = pane.turn === null ? null : parseTurn(pane.turn);
  if (pane.turn !== null && turn === null) return null;
  const entries = all(raw.entries, parseEntry);
  const asks = all(raw.asks, parsePhoneAsk);
  const sends = all(raw.sends, parseSend);
  if (!agent || !entries || !asks || !sends) return null;
  // A tail read's copy says how much it left out, so the chat offers the rest once online again.
  const earlier = count(raw.earlier);
  if (raw.earlier !== undefined && earlier === undefined) return null;
  return { agent, pane: { ...(pane as unknown as ChatJson['pane']), turn }, entries, asks, trimmed: raw.trimmed as boolean, sends, ...(earlier === undefined ? {} : { earlier }) };
}
