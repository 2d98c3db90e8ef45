import type { ChatEntry, ClosedPageJson, HistoryJson } from '../../wire/bridge-json';
import { agentPath } from '../../wire/agent-paths';
import { isValidId } from '../../wire/ids';
import { parseConversationsPage, parseCursor, parseItemsPage } from '../../wire/parse-history';
import type { AgentHandle } from '../agent-handle';
import { HttpError } from '../http/http-error';
import { TransportError } from '../link/transport';
import { AddressRefused } from '../link/agent-link';

/** Conversations asked per page; the agent's own limit is 100. */
const CONVERSATIONS_PER_PAGE = 50;
/** Items asked per page of a closed conversation; the agent's own limit is 1000. */
const ITEMS_PER_PAGE = 500;

/**
 * Closed conversations are always read from the agent (never from the cache): these pass the
 * phone's page requests to the agent's history routes and clean what comes back.
 */
export async function closedPage(handle: AgentHandle, after: string | null): Promise<ClosedPageJson> {
  requireHistory(handle);
  const query = `limit=${CONVERSATIONS_PER_PAGE}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
  const page = parseConversationsPage(await read(handle, 'conversations', `${agentPath('conversations')}?${query}`));
  if (!page) throw new HttpError(502, 'agent-refused', 'the durable agent gave a history page that cannot be read');
  const closed = page.conversations.filter((c) => c.state === 'closed');
  for (const c of page.conversations) handle.store.rememberTitle(c.id, c.title);
  return {
    conversations: closed.map((c) => ({ id: c.id, title: c.title, ...(c.updatedAt ? { updatedAt: c.updatedAt } : {}), ...(c.closedAt ? { closedAt: c.closedAt } : {}) })),
    next: page.next,
  };
}

export async function conversationHistory(handle: AgentHandle, conversationId: string, after: string | null): Promise<HistoryJson> {
  requireHistory(handle);
  if (!isValidId(conversationId)) throw new HttpError(400, 'bad-request', 'bad conversation id');
  const query = `limit=${ITEMS_PER_PAGE}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
  const page = parseItemsPage(await read(handle, 'items', `${agentPath('items', { conversation: conversationId })}?${query}`));
  if (!page) throw new HttpError(502, 'agent-refused', 'the durable agent gave a page of items that cannot be read');
  const entries: ChatEntry[] = page.items.map((item) => ({ type: 'item', item }));
  const title = handle.store.titleOf(conversationId) ?? conversationId;
  return { conversation: { id: conversationId, title }, entries, next: page.next, trimmed: page.trimmed };
}

/** A cursor from the phone, checked by the wire's own rule before it is passed on. */
export function cursorParam(raw: string | null): string | null {
  const cursor = parseCursor(raw ?? undefined);
  if (cursor === undefined) throw new HttpError(400, 'bad-request', 'bad cursor');
  return cursor;
}

function requireHistory(handle: AgentHandle): void {
  if (!handle.store.hello?.caps.history) throw new HttpError(404, 'no-history', 'this durable agent keeps no history');
}

async function read(handle: AgentHandle, reply: 'conversations' | 'items', path: string): Promise<unknown> {
  try {
    const res = await handle.link.call(reply, 'read', 'GET', path);
    if (res.status === 404 && reply === 'items') throw new HttpError(404, 'no-such-conversation', 'the durable agent does not know this conversation');
    if (res.status !== 200) throw new HttpError(502, 'agent-refused', `the durable agent answered ${res.status}`);
    return res.json;
  } catch (err) {
    if (err instanceof TransportError || err instanceof AddressRefused) throw new HttpError(502, 'agent-unreachable', err.message);
    throw err;
  }
}
