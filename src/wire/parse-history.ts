import { cleanField } from './clean';
import { isValidId } from './ids';
import { parseItem, type ItemDropReason } from './parse-item';
import { LIMITS } from './limits';
import { bool, isRecord, oneOf, str, time } from './read';
import type { Item } from './types';

export interface HistoryConversation {
  id: string;
  title: string;
  state: 'open' | 'closed';
  paneId?: string;
  createdAt?: string;
  updatedAt?: string;
  closedAt?: string;
}

/** A history cursor: at most 512 bytes of printable ASCII without spaces, opaque to the reader. */
export const CURSOR_PATTERN = '^[\\x21-\\x7e]+$';
const CURSOR = new RegExp(CURSOR_PATTERN);

export function parseCursor(raw: unknown): string | null | undefined {
  if (raw === null || raw === undefined) return null;
  // Printable ASCII: one byte a character, so the length is the byte count.
  return typeof raw === 'string' && raw.length <= LIMITS.cursorBytes && CURSOR.test(raw) ? raw : undefined;
}

function parseConversation(raw: unknown): HistoryConversation | null {
  if (!isRecord(raw) || !isValidId(raw.id)) return null;
  const state = oneOf(raw.state, ['open', 'closed'] as const);
  if (!state) return null;
  const row: HistoryConversation = { id: raw.id, title: cleanField.title(str(raw.title) ?? '').text || raw.id, state };
  if (isValidId(raw.paneId)) row.paneId = raw.paneId;
  for (const key of ['createdAt', 'updatedAt', 'closedAt'] as const) {
    const at = time(raw[key]);
    if (at) row[key] = at;
  }
  return row;
}

/** A page of conversations, or null. A page over its limit is not read at all (WIRE.md §12). */
export function parseConversationsPage(raw: unknown): { conversations: HistoryConversation[]; next: string | null } | null {
  if (!isRecord(raw) || !Array.isArray(raw.conversations)) return null;
  if (raw.conversations.length > LIMITS.historyConversations) return null;
  const next = parseCursor(raw.next);
  if (next === undefined) return null;
  const conversations = raw.conversations.map(parseConversation).filter((c): c is HistoryConversation => c !== null);
  return { conversations, next };
}

/** A page of a conversation's items, or null; over its limit it is not read at all. */
export function parseItemsPage(raw: unknown, onDrop?: (reason: ItemDropReason) => void): { items: Item[]; next: string | null; trimmed: boolean } | null {
  if (!isRecord(raw) || !Array.isArray(raw.items)) return null;
  if (raw.items.length > LIMITS.historyItems) return null;
  const next = parseCursor(raw.next);
  if (next === undefined) return null;
  const items = raw.items.map((item) => parseItem(item, onDrop)).filter((i): i is Item => i !== null);
  return { items, next, trimmed: bool(raw.trimmed) ?? false };
}
