import { effect } from '@preact/signals';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeHttpError, type BridgeClient, type ChatReadOptions, type Fetched, type ReadOptions } from '../phone-api-client';
import type { ChatEntry, ChatJson, PhoneAsk } from '../../wire/bridge-json';
import type { AskReply, AskRequest } from '../../wire/write-json';
import { createStorage, type KeptCopies } from '../storage';
import { memory } from './testing/acts-kit';
import { createChatStore, SETTLED_CARD_MS, type ChatStore } from './chat-store';
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

/**
 * A bridge holding one chat per agent: plain reads answer at once (a fresh copy, as parsed JSON
 * is), long-polls wait until `push` or until left.
 */
function bridgeWith(chats: Record<string, ChatJson>, replies: Reply[]) {
  const answered: { askId: string; request: AskRequest }[] = [];
  const heldPolls: ((chat: ChatJson) => void)[] = [];
  const client = {
    chat: (agent: string, _paneId: string, _etag: string | null, options: ReadOptions = {}): Promise<Fetched<ChatJson>> => {
      const reply = (chat: ChatJson): Fetched<ChatJson> => ({ changed: true, data: structuredClone(chat), etag: `"${agent}-${heldPolls.length}"` });
      if (options.wait) {
        return new Promise((resolve, reject) => {
          heldPolls.push((chat) => resolve(reply(chat)));
          options.signal?.addEventListener('abort', () => reject(new Error('left')));
        });
      }
      return Promise.resolve(reply(chats[agent]!));
    },
    answer: async (askId: string, request: AskRequest) => {
      answered.push({ askId, request });
      const next = replies.shift();
      if (next instanceof Error) throw next;
      if (typeof next === 'function') return next();
      return next ?? { outcome: 'taken' };
    },
  } as unknown as BridgeClient;
  const intents = createIntentsStore(
    client,
    createStorage(() => memory()),
  );
  return {
    store: createChatStore(client, intents, { isVisible: () => true, onVisibility: () => () => {} }),
    answered,
    /** Answers the long-poll the phone holds with this chat. */
    async push(chat: ChatJson) {
      await vi.waitFor(() => expect(heldPolls).toHaveLength(1));
      heldPolls.shift()!(chat);
    },
  };
}

let leave: (() => void) | undefined;
afterEach(() => {
  leave?.();
  leave = undefined;
  vi.useRealTimers();
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
    const { store } = bridgeWith({ desk: chatOf('desk', [ask, other]) }, [
      { outcome: 'taken' },
      { outcome: 'stale', ask: { ...other, revision: 2, title: 'Tag it now?', hash: 'h3' } },
    ]);
    await open(store, 'desk');
    await store.answer(ask, { optionIds: ['y'] });
    expect(store.asks.value.map((a) => a.title)).toEqual(['Tag it?']);
    await store.answer(other, { optionIds: ['y'] });
    expect(store.asks.value.map((a) => a.title)).toEqual(['Tag it now?']);
  });

  it("tells a closed pane from an agent that is not attached by the bridge's 404 code, and neither reads as a lost bridge", async () => {
    for (const [code, said] of [
      ['no-such-pane', 'pane'],
      ['no-such-agent', 'agent'],
    ] as const) {
      const client = { chat: () => Promise.reject(new BridgeHttpError(404, code, 'gone')) } as unknown as BridgeClient;
      const store = createChatStore(
        client,
        createIntentsStore(
          client,
          createStorage(() => memory()),
        ),
        { isVisible: () => true, onVisibility: () => () => {} },
      );
      leave?.();
      leave = store.show('desk', 'p');
      await vi.waitFor(() => expect(store.missing.value).toBe(said));
      expect(store.stale.value).toBe(false);
    }
  });

  it('reads a chat the bridge says is not there less and less often, not every second for ever', async () => {
    vi.useFakeTimers();
    try {
      let reads = 0;
      const client = {
        chat: () => {
          reads += 1;
          return Promise.reject(new BridgeHttpError(404, 'no-such-pane', 'gone'));
        },
      } as unknown as BridgeClient;
      const store = createChatStore(
        client,
        createIntentsStore(
          client,
          createStorage(() => memory()),
        ),
        { isVisible: () => true, onVisibility: () => () => {} },
      );
      leave?.();
      leave = store.show('desk', 'gone');
      await vi.advanceTimersByTimeAsync(0);
      expect([store.missing.value, reads]).toEqual(['pane', 1]);
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      // 1 + 2 + 4 + 8 + 16 + 32 s, then once a minute: 10 reads in five minutes, not 300.
      expect(reads).toBe(10);
      expect(store.missing.value).toBe('pane');
    } finally {
      leave?.();
      leave = undefined;
      vi.useRealTimers();
    }
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

describe('a card that stays to say why', () => {
  /** A chat whose ask left before the tap's reply (too late): its card stays a while. */
  async function settledCard() {
    const chats = { desk: chatOf('desk', [ask]), other: chatOf('other', []) };
    const bridge = bridgeWith(chats, [{ outcome: 'too-late' }]);
    await open(bridge.store, 'desk');
    chats.desk = chatOf('desk', []); // the question is decided elsewhere meanwhile
    await bridge.store.answer(ask, { optionIds: ['y'] });
    expect(bridge.store.asks.value).toEqual([ask]);
    return bridge.store;
  }

  it('goes when its time is up', async () => {
    vi.useFakeTimers();
    const store = await settledCard();
    await vi.advanceTimersByTimeAsync(SETTLED_CARD_MS - 1);
    expect(store.asks.value).toEqual([ask]);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.asks.value).toEqual([]);
  });

  it('goes with the chat when the chat is left, and its timer changes nothing after', async () => {
    vi.useFakeTimers();
    const store = await settledCard();
    leave!();
    leave = undefined;
    const seen: PhoneAsk[][] = [];
    const stopWatching = effect(() => void seen.push(store.asks.value));
    await vi.advanceTimersByTimeAsync(SETTLED_CARD_MS * 2);
    stopWatching();
    expect(seen).toEqual([[]]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('goes when another chat is shown in its place, and its timer changes nothing there', async () => {
    vi.useFakeTimers();
    const store = await settledCard();
    leave = store.show('other', 'p'); // shown without leaving first
    await vi.waitFor(() => expect(store.chat.value?.agent.name).toBe('other'));
    const seen: PhoneAsk[][] = [];
    const stopWatching = effect(() => void seen.push(store.asks.value));
    await vi.advanceTimersByTimeAsync(SETTLED_CARD_MS * 2);
    stopWatching();
    expect(seen).toEqual([[]]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the chat entries', () => {
  const reply = (id: string, text: string): ChatEntry => ({ type: 'item', item: { id, at: '2026-11-30T10:00:00Z', kind: 'reply', text } });
  const withEntries = (entries: ChatEntry[]): ChatJson => ({ ...chatOf('desk', []), entries });

  it('keep an entry that did not change as the same object between reads, and take a changed one', async () => {
    const bridge = bridgeWith({ desk: withEntries([reply('i1', 'one'), reply('i2', 'two')]) }, []);
    const { store } = bridge;
    await open(store, 'desk');
    const first = store.entries.value;
    expect(first.map((e) => e.type === 'item' && e.item.id)).toEqual(['i1', 'i2']);
    expect(store.entries.value).toBe(first); // reading again changes nothing

    await bridge.push(withEntries([reply('i1', 'one'), reply('i2', 'two, edited'), reply('i3', 'three')]));
    await vi.waitFor(() => expect(store.entries.value).toHaveLength(3));
    const second = store.entries.value;
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]).toEqual(reply('i2', 'two, edited'));
    expect(second[2]).toEqual(reply('i3', 'three'));

    const chatBefore = store.chat.value;
    await bridge.push(withEntries([reply('i1', 'one'), reply('i2', 'two, edited'), reply('i3', 'three')]));
    await vi.waitFor(() => expect(store.chat.value).not.toBe(chatBefore));
    expect(store.entries.value).toBe(second); // a read with nothing new keeps the whole list
  });

  it('start afresh in another chat', async () => {
    const bridge = bridgeWith({ desk: withEntries([reply('i1', 'one')]), other: { ...withEntries([reply('i1', 'one')]), agent: chatOf('other', []).agent } }, []);
    await open(bridge.store, 'desk');
    const inDesk = bridge.store.entries.value;
    await open(bridge.store, 'other');
    expect(bridge.store.entries.value).toEqual(inDesk);
    expect(bridge.store.entries.value[0]).not.toBe(inDesk[0]); // another chat's entry is not reused
  });
});

describe('older items', () => {
  const item = (n: number): ChatEntry => ({ type: 'item', item: { id: `m${n}`, at: '2026-03-01T10:00:00Z', kind: 'reply', text: `line ${n}` } });

  /** A chat showing items 3 and 4 of a conversation whose history holds 1 to 4. */
  function withHistory(trimmed: boolean) {
    const chat = { ...chatOf('desk', []), entries: [item(3), item(4)] };
    chat.agent = { ...chat.agent, caps: { history: true } as ChatJson['agent']['caps'] };
    const reads: string[] = [];
    const client = {
      chat: (_a: string, _p: string, _e: string | null, options: ReadOptions = {}) =>
        options.wait ? new Promise(() => {}) : Promise.resolve({ changed: true, data: structuredClone(chat), etag: '"1"' }),
      agent: () => Promise.resolve({ changed: true, data: { conversations: [{ paneId: 'p', conversationId: 'c-1' }] }, etag: null }),
      history: (_a: string, id: string, after: string | null) => {
        reads.push(`${id}:${after}`);
        return Promise.resolve({ conversation: { id, title: 'Work' }, entries: [1, 2, 3, 4].map(item), next: null, trimmed });
      },
    } as unknown as BridgeClient;
    const intents = createIntentsStore(
      client,
      createStorage(() => memory()),
    );
    return { store: createChatStore(client, intents, { isVisible: () => true, onVisibility: () => () => {} }), reads };
  }

  it('reads the pane’s conversation from the history and shows what came before the first item', async () => {
    const { store, reads } = withHistory(false);
    await open(store, 'desk');
    await store.loadOlder();
    expect(store.entries.value.map((e) => e.type === 'item' && 'text' in e.item && e.item.text)).toEqual(['line 1', 'line 2', 'line 3', 'line 4']);
    expect(reads).toEqual(['c-1:null']);
    expect([store.olderPhase.value, store.trimmed.value]).toEqual(['start', false]);
  });

  it('says the beginning is gone when the history says so', async () => {
    const { store } = withHistory(true);
    await open(store, 'desk');
    expect(store.trimmed.value).toBe(false);
    await store.loadOlder();
    expect(store.trimmed.value).toBe(true);
  });
});

describe('reading by deltas', () => {
  const item = (n: number): ChatEntry => ({ type: 'item', item: { id: `m${n}`, at: '2026-03-01T10:00:00Z', kind: 'reply', text: `line ${n}` } });

  it('gives each read the chat it holds at the ETag it names, and shows a patched chat as it came', async () => {
    const first = { ...chatOf('desk', []), entries: [item(1), item(2)] };
    const heldAt: { etag: string | null; held: ChatJson | undefined }[] = [];
    let patched: ChatJson | undefined;
    const client = {
      chat: (_a: string, _p: string, etag: string | null, options: ChatReadOptions = {}) => {
        heldAt.push({ etag, held: options.held });
        if (etag === null) return Promise.resolve({ changed: true, data: structuredClone(first), etag: '"1"' });
        if (etag === '"2"') return new Promise(() => {});
        patched = { ...options.held!, entries: [...options.held!.entries, item(3)] };
        return Promise.resolve({ changed: true, data: patched, etag: '"2"', patched: true });
      },
    } as unknown as BridgeClient;
    const store = createChatStore(
      client,
      createIntentsStore(
        client,
        createStorage(() => memory()),
      ),
      { isVisible: () => true, onVisibility: () => () => {} },
    );
    leave = store.show('desk', 'p');
    await vi.waitFor(() => expect(store.entries.value).toHaveLength(3));
    expect(heldAt[0]).toEqual({ etag: null, held: undefined });
    expect(heldAt[1]!.etag).toBe('"1"');
    expect(heldAt[1]!.held).toEqual(first);
    expect(store.entries.value).toBe(patched!.entries);
    await vi.waitFor(() => expect(heldAt).toHaveLength(3));
    expect(heldAt[2]).toEqual({ etag: '"2"', held: patched });
  });
});

describe('where the person left off, and what they answered', () => {
  const reply = (id: string): ChatEntry => ({ type: 'item', item: { id, at: '', kind: 'reply', text: id } });
  const chatWith = (ids: string[]): ChatJson => ({ ...chatOf('desk', []), entries: ids.map(reply) });

  /** A bridge whose reads wait for `answer`, a kept copy of the last visit, and what the person had seen. */
  function rig(kept: ChatJson | null, seenKey: string | null) {
    const reads: ((chat: ChatJson) => void)[] = [];
    const client = {
      chat: (_agent: string, _pane: string, _etag: string | null, options: ReadOptions = {}) =>
        new Promise<Fetched<ChatJson>>((resolve, reject) => {
          reads.push((chat) => resolve({ changed: true, data: structuredClone(chat), etag: `"${reads.length}"` }));
          options.signal?.addEventListener('abort', () => reject(new Error('left')));
        }),
    } as unknown as BridgeClient;
    const marked: string[] = [];
    const seen = { lastSeen: () => seenKey, markSeen: (_a: string, _p: string, key: string) => void marked.push(key), clear: () => {} };
    // The kept copy is read through the chat view's parser, which takes this copy as it is.
    const copies: KeptCopies = {
      read: async (_key, parse) => (kept ? { value: parse(kept)!, at: 1 } : null),
      write: async () => true,
      keys: async () => [],
      clear: async () => {},
    };
    const store = createChatStore(
      client,
      createIntentsStore(
        client,
        createStorage(() => memory()),
      ),
      { isVisible: () => true, onVisibility: () => () => {} },
      copies,
      seen,
    );
    return {
      store,
      marked,
      async answer(chat: ChatJson) {
        await vi.waitFor(() => expect(reads.length).toBeGreaterThan(0));
        reads.shift()!(chat);
      },
    };
  }

  it('puts the unread divider above the first entry since, decided by the first read from the bridge, not by the copy kept from the last visit', async () => {
    const { store, answer, marked } = rig(chatWith(['m1', 'm2']), 'i:m2');
    leave = store.show('desk', 'p');
    await vi.waitFor(() => expect(store.entries.value).toHaveLength(2)); // the kept copy, at once
    expect(store.unread.value).toBeNull();
    await answer(chatWith(['m1', 'm2', 'm3', 'm4']));
    await vi.waitFor(() => expect(store.entries.value).toHaveLength(4));
    expect([store.seenAtOpen.value, store.unread.value]).toEqual(['i:m2', 'i:m3']);
    // What comes while the chat is open never moves it.
    await answer(chatWith(['m1', 'm2', 'm3', 'm4', 'm5']));
    await vi.waitFor(() => expect(store.entries.value).toHaveLength(5));
    expect(store.unread.value).toBe('i:m3');
    store.markSeen('i:m5');
    expect(marked).toEqual(['i:m5']);
  });

  it('draws no divider on a first visit, nor when nothing came since', async () => {
    for (const seenKey of [null, 'i:m2']) {
      const { store, answer } = rig(null, seenKey);
      leave?.();
      leave = store.show('desk', 'p');
      await answer(chatWith(['m1', 'm2']));
      await vi.waitFor(() => expect(store.entries.value).toHaveLength(2));
      expect(store.unread.value).toBeNull();
    }
  });
});

it("shows back an answer only in its own agent's chat (two agents raise the same ask id)", async () => {
  const { store } = bridgeWith({ 'desk-a': chatOf('desk-a', [ask]), 'desk-b': chatOf('desk-b', [ask]) }, [{ outcome: 'taken' }]);
  await open(store, 'desk-a');
  await store.answer(ask, { optionIds: ['y'] });
  // What was answered loads in a chunk of its own: waited for.
  await vi.waitFor(() => expect(store.given.value.get('a1')).toMatchObject({ question: { title: 'Ship?' }, answer: { labels: ['Yes'] } }));
  await open(store, 'desk-b');
  expect(store.given.value.size).toBe(0);
});

describe('a chat opened at its newest entries (the bridge’s tail)', () => {
  const reply = (n: number): ChatEntry => ({ type: 'item', item: { id: `m${n}`, at: '', kind: 'reply', text: `line ${n}` } });
  const whole = (trimmed = false): ChatJson => ({ ...chatOf('desk', []), entries: [1, 2, 3, 4, 5].map(reply), trimmed });
  const tailOf = (chat: ChatJson): ChatJson => ({ ...chat, entries: chat.entries.slice(3), earlier: 3 });
  const ids = (store: ChatStore) => store.entries.value.map((e) => (e.type === 'item' ? e.item.id : e.id));

  /** A bridge whose long-polls wait in `held` until the test answers them; `failWhole` makes whole reads fail. */
  function rig({ seenKey = null as string | null, trimmed = false, failWhole = false } = {}) {
    const reads: { tail: boolean; etag: string | null; held: boolean; wait: boolean }[] = [];
    const held: ((chat: ChatJson) => void)[] = [];
    const state = { failWhole };
    const client = {
      chat: (_a: string, _p: string, etag: string | null, options: ChatReadOptions = {}): Promise<Fetched<ChatJson>> => {
        const tail = options.tail === true;
        reads.push({ tail, etag, held: options.held !== undefined, wait: options.wait === true });
        if (options.wait && etag) return new Promise((resolve) => held.push((chat) => resolve({ changed: true, data: structuredClone(chat), etag: '"later"' })));
        if (!tail && state.failWhole) return Promise.reject(new Error('the bridge is gone'));
        const chat = whole(trimmed);
        return Promise.resolve({ changed: true, data: structuredClone(tail ? tailOf(chat) : chat), etag: tail ? '"tail"' : '"whole"' });
      },
    } as unknown as BridgeClient;
    const seen = { lastSeen: () => seenKey, markSeen: () => {}, clear: () => {} };
    const store = createChatStore(
      client,
      createIntentsStore(
        client,
        createStorage(() => memory()),
      ),
      { isVisible: () => true, onVisibility: () => () => {}, failedRetryMs: 60_000 },
      undefined,
      seen,
    );
    return { store, reads, held, state };
  }

  it('reads only the tail at first, and the whole chat (naming no tail ETag) once the reader reaches for older entries', async () => {
    const { store, reads, held } = rig();
    await open(store, 'desk');
    expect(ids(store)).toEqual(['m4', 'm5']);
    expect(reads[0]).toEqual({ tail: true, etag: null, held: false, wait: false });
    expect(store.olderPhase.value).toBe('idle');
    const loading = store.loadOlder();
    expect(store.olderPhase.value).toBe('loading');
    await loading;
    expect(ids(store)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(store.chat.value?.earlier).toBeUndefined();
    expect(reads.find((r) => !r.tail)).toEqual({ tail: false, etag: null, held: false, wait: false });
    // From then on the whole chat is what is polled, under its own ETag (once the tail's long-poll ends).
    await vi.waitFor(() => expect(held).toHaveLength(1));
    held.shift()!(tailOf(whole()));
    await vi.waitFor(() => expect(reads.at(-1)).toEqual({ tail: false, etag: '"whole"', held: true, wait: true }));
    expect(ids(store)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('keeps the trimmed line for the chat’s real beginning, not the tail’s', async () => {
    const { store } = rig({ trimmed: true });
    await open(store, 'desk');
    expect(store.trimmed.value).toBe(false);
    await store.loadOlder();
    expect(store.trimmed.value).toBe(true);
  });

  it('never lets a tail read that ends after the whole chat was asked for take its place', async () => {
    const { store, held } = rig();
    await open(store, 'desk');
    await vi.waitFor(() => expect(held).toHaveLength(1)); // the tail's long-poll
    await store.loadOlder();
    held.shift()!(tailOf({ ...whole(), entries: [...whole().entries, reply(6)] }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ids(store)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('reads the whole chat at once when the entry seen last is older than the tail, so the divider goes where the reader left off', async () => {
    const { store, reads } = rig({ seenKey: 'i:m1' });
    await open(store, 'desk');
    expect(ids(store)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(store.unread.value).toBe('i:m2');
    expect(reads.slice(0, 2).map((r) => r.tail)).toEqual([true, false]);
  });

  it('says so when the whole chat cannot be read, and tries again when asked', async () => {
    const { store, state } = rig({ failWhole: true });
    await open(store, 'desk');
    await store.loadOlder();
    expect([store.olderPhase.value, ids(store)]).toEqual(['failed', ['m4', 'm5']]);
    state.failWhole = false;
    await store.loadOlder();
    expect(ids(store)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });
});
