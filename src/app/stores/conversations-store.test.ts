import { describe, expect, it } from 'vitest';
import type { AgentJson } from '../../wire/bridge-json';
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
});
