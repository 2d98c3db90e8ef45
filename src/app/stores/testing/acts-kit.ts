/** Shared by tests of the acts store and the views that act: a memory backend and a scripted client. */
import type { BridgeClient } from '../../phone-api-client';
import type { ActReply, ActRequest } from '../../../wire/write-json';
import { createStorage, type KeyValueStore } from '../../storage';
import { createActsStore, type ActsStore } from '../acts-store';

export function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

/** One scripted answer: a reply, a thrown error, or a function for replies that wait. */
export type Step = ActReply | Error | ((req: ActRequest) => Promise<ActReply>);

export function clientActing(replies: Step[]): { client: BridgeClient; sent: ActRequest[] } {
  const sent: ActRequest[] = [];
  const client = {
    act: async (request: ActRequest) => {
      sent.push(request);
      const next = replies.shift();
      if (next instanceof Error) throw next;
      if (typeof next === 'function') return next(request);
      return next ?? { outcome: 'done' };
    },
  } as unknown as BridgeClient;
  return { client, sent };
}

/** An acts store over a scripted client and fresh memory. */
export function actsWith(replies: Step[]): { acts: ActsStore; sent: ActRequest[] } {
  const { client, sent } = clientActing(replies);
  return {
    acts: createActsStore(
      client,
      createStorage(() => memory()),
    ),
    sent,
  };
}
