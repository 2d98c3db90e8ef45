import { describe, expect, it } from 'vitest';
import type { AgentJson, ClosedConversationRow, ConversationRow } from '../../wire/bridge-json';
import { BridgeHttpError, type BridgeClient, type ReadOptions } from '../phone-api-client';
import { createConversationsStore } from './conversations-store';

const desk: AgentJson = { agent: { name: 'desk', where: 'here', status: 'ok', open: 0, needsYou: 0, caps: null }, conversations: [], layout: [], starters: [] };

/** A bridge that knows one agent, desk; every read of another is its 404. */
function bridge(): BridgeClient {
  return {
    agent: async (name: string, etag: string | null, options?: ReadOptions) => {
      if (name === 'desk' && etag === null) return { changed: true, data: desk, etag: 'v1' };
      // A long-poll on what is shown is held until the store lets go of it.
      if (name === 'desk') return new Promise<never>((_, reject) => options?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
      throw new BridgeHttpError(404, 'no-such-agent', 'no durable agent has this name');
    },
  } as Partial<BridgeClient> as BridgeClient;
}

/** Resolves once `check` holds, looking again after each turn of the event loop. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

describe("an agent's conversations", () => {
  it('knows an agent that is not attached from a bridge that does not answer', async () => {
    const reports: boolean[] = [];
    const store = createConversationsStore(bridge(), { report: (ok) => reports.push(ok), isVisible: () => true, onVisibility: () => () => {} });
    const stop = store.show('nobody');
    await until(() => store.missing.value);
    expect([store.agent.value, store.stale.value, reports]).toEqual([null, false, [true]]);
    stop();

    const again = store.show('desk');
    expect(store.missing.value).toBe(false);
    await until(() => store.agent.value !== null);
    expect(store.missing.value).toBe(false);
    again();
  });

  it('orders the rows as a messenger does: the most recently active first in each part, rows without a time last, closed by when they closed', async () => {
    const row = (paneId: string, needsYou: number, activeAt?: string, previewAt?: string): ConversationRow => ({
      paneId,
      workspaceId: 'w',
      tabId: 't',
      title: paneId,
      place: 'W · T',
      state: needsYou > 0 ? 'waiting' : 'idle',
      needsYou,
      ...(activeAt ? { activeAt } : {}),
      ...(previewAt ? { preview: { kind: 'reply', text: '…', at: previewAt } } : {}),
    });
    const listed: AgentJson = {
      ...desk,
      conversations: [
        row('old', 0, '2026-03-12T09:00:00Z'),
        row('blank', 0),
        row('asked-old', 1, '2026-03-12T08:00:00Z'),
        row('new', 0, '2026-03-12T10:21:00Z'),
        row('asked-new', 2, '2026-03-12T10:00:00Z'),
        row('older-bridge', 0, undefined, '2026-03-12T09:30:00Z'),
      ],
    };
    const closed: ClosedConversationRow[] = [
      { id: 'c-old', title: 'a', closedAt: '2026-03-01T10:00:00Z' },
      { id: 'c-new', title: 'b', closedAt: '2026-03-12T10:00:00Z' },
      { id: 'c-written', title: 'c', updatedAt: '2026-03-05T10:00:00Z' },
    ];
    const client = {
      agent: async (_name: string, etag: string | null, options?: ReadOptions) =>
        etag === null
          ? { changed: true, data: listed, etag: 'v1' }
          : new Promise<never>((_, reject) => options?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
      closed: async () => ({ conversations: closed, next: null }),
    } as Partial<BridgeClient> as BridgeClient;
    const store = createConversationsStore(client, { isVisible: () => true, onVisibility: () => () => {} });
    const stop = store.show('desk');
    await until(() => store.agent.value !== null);
    await store.loadMoreClosed();
    expect(store.needsYou.value.map((r) => r.paneId)).toEqual(['asked-new', 'asked-old']);
    expect(store.open.value.map((r) => r.paneId)).toEqual(['new', 'older-bridge', 'old', 'blank']);
    expect(store.closed.value.map((r) => r.id)).toEqual(['c-new', 'c-written', 'c-old']);
    stop();
  });
});
