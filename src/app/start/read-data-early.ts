import type { BridgeClient } from '../phone-api-client';
import type { Route } from '../routes';
import { START_WAITS } from './waits';

interface Early {
  key: string;
  at: number;
  reply: Promise<unknown>;
  /** Settles when `reply` does, and never rejects. */
  settled: Promise<unknown>;
}

/**
 * The first screen's data, asked for while the app is still starting: before the first render,
 * the pairing check and the download of a lazy screen's code. Without it the first data waits
 * for those one after the other (three round trips on a phone's link instead of one). The store
 * that shows the screen takes it as its first plain read, through the same client method, so a
 * read is never made twice and nothing but that first read is ever answered from it.
 */
export function withFirstRead(client: BridgeClient, route: Route, now: () => number = Date.now): { client: BridgeClient; settled: Promise<unknown> } {
  let early: Early | null = begin(client, route, now());
  // Once the early read has its answer, or failed: the first render may wait for it (wait-for-first-data.ts).
  const settled = early?.settled ?? Promise.resolve();
  const take = <T>(key: string): Promise<T> | null => {
    const hit = early;
    if (!hit || hit.key !== key) return null;
    early = null;
    // A first read nobody took by then is dropped: its answer would be too old to draw.
    return now() - hit.at <= START_WAITS.earlyReadKeepMs ? (hit.reply as Promise<T>) : null;
  };
  const wrapped: BridgeClient = {
    ...client,
    dashboard: (etag, options) => (etag === null && !options?.wait && take<Awaited<ReturnType<BridgeClient['dashboard']>>>('dashboard')) || client.dashboard(etag, options),
    agent: (name, etag, options) => (etag === null && !options?.wait && take<Awaited<ReturnType<BridgeClient['agent']>>>(key('agent', name))) || client.agent(name, etag, options),
    chat: (agent, paneId, etag, options) =>
      (etag === null && !options?.wait && take<Awaited<ReturnType<BridgeClient['chat']>>>(chatKey(agent, paneId, options?.tail === true))) ||
      client.chat(agent, paneId, etag, options),
    history: (agent, conversationId, after) =>
      (after === null && take<Awaited<ReturnType<BridgeClient['history']>>>(key('history', agent, conversationId))) || client.history(agent, conversationId, after),
  };
  return { client: wrapped, settled };
}

const key = (...parts: string[]) => JSON.stringify(parts);
/** A chat's newest entries and the whole chat are two reads: one never answers for the other. */
const chatKey = (agent: string, paneId: string, tail: boolean) => key('chat', agent, paneId, tail ? 'tail' : 'whole');

function begin(client: BridgeClient, route: Route, at: number): Early | null {
  const start = (k: string, reply: Promise<unknown>): Early => {
    // Nobody may take it (the person left, or the phone is not paired): its failure is nobody's error.
    return { key: k, at, reply, settled: reply.catch(() => {}) };
  };
  switch (route.screen) {
    case 'dashboard':
      return start('dashboard', client.dashboard(null));
    case 'agent':
    case 'manage':
      return start(key('agent', route.agent), client.agent(route.agent, null));
    case 'chat':
      // A chat opens with its newest entries (chat-store.ts).
      return start(chatKey(route.agent, route.paneId, true), client.chat(route.agent, route.paneId, null, { tail: true }));
    case 'closed':
      return start(key('history', route.agent, route.conversationId), client.history(route.agent, route.conversationId, null));
    case 'settings':
    case 'search':
      return null;
  }
}
