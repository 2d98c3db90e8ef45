import { ifNoneMatchHolds, snapshotEtag } from '../wire/epoch-rule';
import { LIMITS, REPLY_LIMITS } from '../wire/limits';
import type { AgentState } from './agent-state';
import { ENVELOPE_BYTES, fitFromStart } from './fit-bytes';
import { wireError, type WireReply, type WireRequest } from './wire-reply';

export function snapshot(state: AgentState, req: WireRequest): WireReply {
  const etag = snapshotEtag(state.epoch, state.rev);
  if (ifNoneMatchHolds(req.ifNoneMatch, etag)) return { status: 304, body: {}, headers: { etag } };
  return { status: 200, body: { ...state.snapshot() }, headers: { etag } };
}

export function events(state: AgentState, paneId: string, req: WireRequest): WireReply {
  const pane = state.panes.get(paneId);
  if (!pane) return wireError(404, 'no-such-pane');
  const after = wholeNumber(req.query.get('after') ?? '0');
  if (after === undefined) return wireError(400, 'bad-request', { message: 'after must be a whole number' });
  const reply = pane.eventsAfter(after, req.query.get('epoch') ?? undefined, state.epoch, state.caps.history);
  return { status: 200, body: { ...reply } };
}

/** History cursors are opaque to readers; here they are a letter and a number. */
function readCursor(raw: string | null, letter: string): number | null | undefined {
  if (raw === null || raw === '') return null;
  const match = new RegExp(`^${letter}(\\d{1,15})$`).exec(raw);
  return match ? Number(match[1]) : undefined;
}

function readLimit(raw: string | null, max: number, fallback: number): number | undefined {
  if (raw === null) return fallback;
  const n = wholeNumber(raw);
  return n === undefined || n < 1 ? undefined : Math.min(n, max);
}

export function conversations(state: AgentState, req: WireRequest): WireReply {
  const after = readCursor(req.query.get('after'), 'n');
  const limit = readLimit(req.query.get('limit'), LIMITS.historyConversations, 50);
  if (after === undefined || limit === undefined) return wireError(400, 'bad-request', { message: 'bad after or limit' });
  const newerFirst = state.conversations.all().filter((c) => after === null || c.record.number < after);
  const page = fitFromStart(newerFirst.slice(0, limit), REPLY_LIMITS.conversations - ENVELOPE_BYTES / 4).map(({ record }) => {
    const row: Record<string, unknown> = { id: record.id, title: record.title, state: record.state, createdAt: record.createdAt, updatedAt: record.updatedAt };
    if (record.state === 'open' && state.panes.has(record.paneId)) row.paneId = record.paneId;
    if (record.closedAt) row.closedAt = record.closedAt;
    return row;
  });
  const last = newerFirst[page.length - 1];
  const next = page.length < newerFirst.length && last ? `n${last.record.number}` : null;
  return { status: 200, body: { conversations: page, next } };
}

export function conversationItems(state: AgentState, conversationId: string, req: WireRequest): WireReply {
  const conversation = state.conversations.get(conversationId);
  if (!conversation) return wireError(404, 'no-such-conversation');
  const after = readCursor(req.query.get('after'), 'i');
  const limit = readLimit(req.query.get('limit'), LIMITS.historyItems, 200);
  if (after === undefined || limit === undefined) return wireError(400, 'bad-request', { message: 'bad after or limit' });
  const { items, firstItemNumber, trimmed } = conversation.record;
  const start = after === null ? 0 : Math.max(0, after - firstItemNumber + 1);
  const page = fitFromStart(items.slice(start, start + limit), REPLY_LIMITS.items - ENVELOPE_BYTES);
  const end = start + page.length;
  const next = end < items.length ? `i${firstItemNumber + end - 1}` : null;
  return { status: 200, body: { items: page, next, trimmed } };
}

function wholeNumber(text: string): number | undefined {
  return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}
