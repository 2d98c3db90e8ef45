import { isValidId } from '../../wire/ids';
import { LIMITS } from '../../wire/limits';
import { parseCursor } from '../../wire/parse-history';
import { count, isRecord, time, type Rec } from '../../wire/read';
import { asList } from './rule';
import { timeProblems } from './shape-events';

/** Pure judges of raw events and history replies (WIRE.md §8, §12); each returns its problems. */

/** A page of events read after `after`: at most 1000, seq strictly rising past `after`, cursor the last seq. */
export function eventsPageProblems(body: Rec, after: number, epoch: string): string[] {
  const problems: string[] = [];
  if (body.epoch !== epoch) problems.push(`epoch ${JSON.stringify(body.epoch)} is not the current ${epoch}`);
  const cursor = count(body.cursor);
  if (cursor === undefined) problems.push('cursor is not a non-negative integer');
  if (!Array.isArray(body.events)) return [...problems, 'events is not a list'];
  if (body.events.length > LIMITS.eventsPerReply) problems.push(`${body.events.length} events in one reply, over ${LIMITS.eventsPerReply}`);
  let last = after;
  for (const event of body.events) {
    const seq = isRecord(event) ? count(event.seq) : undefined;
    if (seq === undefined) {
      problems.push('an event has no integer seq');
      return problems;
    }
    if (seq === 0) {
      problems.push('an event has seq 0: events number from 1');
      return problems;
    }
    if (seq <= last) {
      problems.push(`seq ${seq} after ${last}: not strictly rising past after=${after}`);
      return problems;
    }
    last = seq;
  }
  if (cursor !== undefined && cursor !== last) {
    problems.push(
      body.events.length === 0 ? `cursor ${cursor} on a page with no event: it must be after itself (${after})` : `cursor ${cursor} is not the last seq returned (${last})`,
    );
  }
  return problems;
}

/** The pane's whole current view, as a reader that cannot catch up by events gets it. */
export function viewProblems(body: Rec, epoch: string): string[] {
  const problems: string[] = [];
  if (body.view !== true) problems.push(`view is ${JSON.stringify(body.view)}, not true`);
  if (body.epoch !== epoch) problems.push(`epoch ${JSON.stringify(body.epoch)} is not the current ${epoch}`);
  if (count(body.cursor) === undefined) problems.push('cursor is not a non-negative integer');
  if (!Array.isArray(body.items)) problems.push('items is not a list');
  else if (body.items.length > LIMITS.viewItems) problems.push(`${body.items.length} items, over ${LIMITS.viewItems}`);
  if (!Array.isArray(body.asks)) problems.push('asks is not a list');
  if (typeof body.trimmed !== 'boolean') problems.push(`trimmed is ${JSON.stringify(body.trimmed)}, not a boolean`);
  return problems;
}

/** A history cursor by the wire's own rule (at most 512 bytes of printable ASCII, no spaces). */
export function isHistoryCursor(value: unknown): boolean {
  return typeof value === 'string' && parseCursor(value) === value;
}

function nextProblems(body: Rec): string[] {
  if (body.next === null || isHistoryCursor(body.next)) return [];
  return [`next ${JSON.stringify(body.next).slice(0, 80)} is neither null nor ≤ ${LIMITS.cursorBytes} bytes of printable ASCII without spaces`];
}

/** `GET /conversations?limit=N`: newest first, each with id, title, state, times; a cursor or null. */
export function conversationsProblems(body: Rec, limit: number): string[] {
  if (!Array.isArray(body.conversations)) return ['conversations is not a list', ...nextProblems(body)];
  const problems = nextProblems(body);
  const most = Math.min(limit, LIMITS.historyConversations);
  if (body.conversations.length > most) problems.push(`${body.conversations.length} conversations for limit=${limit}`);
  for (const row of asList(body.conversations)) {
    const conversation = isRecord(row) ? row : {};
    const name = `conversation ${JSON.stringify(conversation.id)}`;
    if (!isValidId(conversation.id)) problems.push(`${name} has a bad id`);
    if (typeof conversation.title !== 'string') problems.push(`${name} has no title`);
    if (conversation.state !== 'open' && conversation.state !== 'closed') problems.push(`${name}: state ${JSON.stringify(conversation.state)} is not open or closed`);
    if (conversation.paneId !== undefined && !isValidId(conversation.paneId)) problems.push(`${name} has a bad paneId`);
    problems.push(...timeProblems(name, conversation, ['createdAt', 'updatedAt', 'closedAt']));
  }
  return [...problems, ...newestFirstProblems(asList(body.conversations))];
}

/** Newest first by `createdAt` (equal times may come in either order); rows without a time are not compared. */
function newestFirstProblems(rows: unknown[]): string[] {
  let previous: { id: unknown; at: string } | undefined;
  for (const row of rows) {
    const at = isRecord(row) ? time(row.createdAt) : undefined;
    if (at === undefined) continue;
    if (previous && Date.parse(at) > Date.parse(previous.at)) {
      return [`conversations are not newest first by createdAt: ${JSON.stringify((row as Rec).id)} (${at}) comes after ${JSON.stringify(previous.id)} (${previous.at})`];
    }
    previous = { id: (row as Rec).id, at };
  }
  return [];
}

/** Times a conversation should carry (the list shows dates from them); the bridge reads the row without them. */
export function conversationsWarnings(body: Rec): string[] {
  return asList(body.conversations)
    .filter((row) => isRecord(row) && (time(row.createdAt) === undefined || time(row.updatedAt) === undefined))
    .map((row) => `conversation ${JSON.stringify((row as Rec).id)} lacks createdAt or updatedAt as ISO 8601 times`);
}

/** `GET /conversation/:id/items?limit=N`: items oldest first, a cursor or null, and `trimmed`. */
export function itemsPageProblems(body: Rec, limit: number): string[] {
  const problems = nextProblems(body);
  if (!Array.isArray(body.items)) problems.push('items is not a list');
  else if (body.items.length > Math.min(limit, LIMITS.historyItems)) problems.push(`${body.items.length} items for limit=${limit}`);
  if (typeof body.trimmed !== 'boolean') problems.push(`trimmed is ${JSON.stringify(body.trimmed)}, not a boolean`);
  return problems;
}
