import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeClient, Fetched, ReadOptions } from '../phone-api-client';
import type { AskReply, AskRequest, ChatJson, PhoneAsk } from '../../wire/bridge-json';
import { createStorage } from '../storage';
import { memory } from './acts-test-kit';
import { createChatStore, type ChatStore } from './chat-store';
import { createIntentsStore } from './intents-store';

/** The same ask in two copies of one agent program: same pane id, same tool call, so the same id. */
const ask: PhoneAsk = { id: 'a1', revision: 1, kind: 'choice', toolCallId: 'ship', title: 'Ship?', multiple: false, options: [{ id: 'y', label: 'Yes' }], hash: 'h1' };

function chatOf(agent: string, asks: PhoneAsk[]): ChatJson {
  return {
    agent: { name: agent, where: 'here', status: 'ok', open: 1, needsYou: asks.length, caps: null },
    pane: { id: 'p', title: 'Work', workspaceId: 'w', tabId: 't', state: 'idle', turn: null, belt: [] },
    entries: [],
    asks,
    trimmed: false,
    sends: [],
  };
}

type Reply = AskReply | Error | (() => Promise<AskReply>);

/** A bridge holding one chat per agent: plain reads answer at once, long-polls wait until left. */
function bridgeWith(chats: Record<string, ChatJson>, replies: Reply[]) {
  const answered: { askId: string; request: AskRequest }[] = [];
  const client = {
    chat: (agent: string, _paneId: string, _etag: string | null, options: ReadOptions = {}): Promise<Fetched<ChatJson>> => {
      if (options.wait) return new Promise((_, reject) => options.signal?.addEventListener('abort', () => reject(new Error('left'))));
      return Promise.resolve({ changed: true, data: chats[agent]!, etag: `"${agent}"` });
    },
    answer: async (askId: string, request: AskRequest) => {
      answered.push({ askId, request });
      const next = replies.shift();
      if (next instanceof Error) throw next;
      if (typeof next === 'function') return next();
      return next ?? { outcome: 'taken' };
    },
  } as unknown as BridgeClient;
  const intents = createIntentsStore(client, createStorage(() => memory()));
  return { store: createChatStore(client, intents, { isVisible: () => true, onVisibility: () => () => {} }), answered };
}

let leave: (() => void) | undefined;
afterEach(() => {
  leave?.();
  leave = undefined;
});

/** Opens a chat and waits until its first read is drawn. */
async function open(store: ChatStore, agent: string) {
  leave?.();
  leave = store.show(agent, 'p');
  await vi.waitFor(() => expect(store.chat.value?.pane.id).toBe('p'));
}

describe('the chat store', () => {
  it('removes a taken ask at once, and shows the new version of an ask the bridge found changed', async () => {
    const other: PhoneAsk = { ...ask, id: 'a2', toolCallId: 'tag', title: 'Tag it?' };
    const { store } = bridgeWith({ desk: chatOf('desk', [ask, other]) }, [{ outcome: 'taken' }, { outcome: 'stale', ask: { ...other, revision: 2, title: 'Tag it now?', hash: 'h3' } }]);
    await open(store, 'desk');
    await store.answer(ask, { optionIds: ['y'] });
    expect(store.asks.value.map((a) => a.title)).toEqual(['Tag it?']);
    await store.answer(other, { optionIds: ['y'] });
    expect(store.asks.value.map((a) => a.title)).toEqual(['Tag it now?']);
  });

  describe('two agents raising the same ask id', () => {
    it("answering A's card leaves B's card shown and idle", async () => {
      const { store, answered } = bridgeWith({ 'desk-a': chatOf('desk-a', [ask]), 'desk-b': chatOf('desk-b', [ask]) }, [{ outcome: 'taken' }]);
      await open(store, 'desk-a');
      await store.answer(ask, { optionIds: ['y'] });
      expect(store.asks.value).toEqual([]);
      await open(store, 'desk-b');
      expect(store.asks.value).toEqual([ask]);
      expect([store.statusOf('a1'), store.canRetry('a1')]).toEqual([{ phase: 'idle' }, false]);
      expect(answered.map((a) => a.request.agent)).toEqual(['desk-a']);
    });

    it("an unknown outcome for A offers Try again on A's card only; B's retry sends nothing", async () => {
      const { store, answered } = bridgeWith({ 'desk-a': chatOf('desk-a', [ask]), 'desk-b': chatOf('desk-b', [ask]) }, [new TypeError('network'), { outcome: 'taken' }]);
      await open(store, 'desk-a');
      await store.answer(ask, { optionIds: ['y'] });
      expect([store.statusOf('a1'), store.canRetry('a1')]).toEqual([{ phase: 'done', outcome: 'unknown' }, true]);
      await open(store, 'desk-b');
      expect([store.statusOf('a1'), store.canRetry('a1')]).toEqual([{ phase: 'idle' }, false]);
      await store.retry('a1');
      expect(answered).toHaveLength(1);
      await open(store, 'desk-a');
      expect(store.canRetry('a1')).toBe(true);
      await store.retry('a1');
      expect(answered.map((a) => [a.request.agent, a.request.requestId])).toEqual([
        ['desk-a', answered[0]!.request.requestId],
        ['desk-a', answered[0]!.request.requestId],
      ]);
    });

    it("a reply for A that comes back once B's chat shows leaves no card of A's in B's chat", async () => {
      let release = (_: AskReply) => {};
      const { store } = bridgeWith({ 'desk-a': chatOf('desk-a', [ask]), 'desk-b': chatOf('desk-b', []) }, [() => new Promise<AskReply>((r) => (release = r))]);
      await open(store, 'desk-a');
      const tapped = store.answer(ask, { optionIds: ['y'] });
      await open(store, 'desk-b');
      release({ outcome: 'too-late' });
      await tapped;
      expect(store.asks.value).toEqual([]);
    });
  });
});
