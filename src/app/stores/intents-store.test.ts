import { describe, expect, it, vi } from 'vitest';
import { BridgeHttpError, type BridgeClient } from '../phone-api-client';
import type { PhoneAsk } from '../../wire/bridge-json';
import type { AskReply, AskRequest } from '../../wire/write-json';
import { createStorage, type KeyValueStore } from '../storage';
import { askKey } from '../../wire/ask-key';
import { canSend, createConnectionStore } from './connection-store';
import { createIntentsStore, INTENTS_KEY } from './intents-store';

const ask: PhoneAsk = { id: 'a1', revision: 1, kind: 'choice', toolCallId: 't', title: 'Ship?', multiple: false, options: [{ id: 'y', label: 'Yes' }], hash: 'h1' };

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

function clientAnswering(replies: (AskReply | Error | ((req: AskRequest) => Promise<AskReply>))[]) {
  const sent: AskRequest[] = [];
  const postedTo: string[] = [];
  const client = {
    answer: async (askId: string, request: AskRequest) => {
      sent.push(request);
      postedTo.push(askId);
      const next = replies.shift();
      if (next instanceof Error) throw next;
      if (typeof next === 'function') return next(request);
      return next ?? { outcome: 'taken' };
    },
  } as unknown as BridgeClient;
  return { client, sent, postedTo };
}

describe('the intents store', () => {
  it('mints one request id per intent and keeps it in storage before the request leaves', async () => {
    const backend = memory();
    let storedBeforeSend = '';
    const { client, sent } = clientAnswering([async () => ((storedBeforeSend = backend.data.get(INTENTS_KEY) ?? ''), { outcome: 'taken' })]);
    const intents = createIntentsStore(
      client,
      createStorage(() => backend),
    );
    await intents.answer('desk', 'p', ask, { optionIds: ['y'] }, false);
    expect(sent).toHaveLength(1);
    expect(storedBeforeSend).toContain(sent[0]!.requestId);
    expect(intents.statusOf('desk', 'a1')).toEqual({ phase: 'done', outcome: 'taken' });
  });

  it('sends a double tap once', async () => {
    let release = (_: AskReply) => {};
    const { client, sent } = clientAnswering([() => new Promise<AskReply>((r) => (release = r))]);
    const intents = createIntentsStore(
      client,
      createStorage(() => memory()),
    );
    const first = intents.answer('desk', 'p', ask, { optionIds: ['y'] }, false);
    await intents.answer('desk', 'p', ask, { optionIds: ['y'] }, false);
    expect(intents.statusOf('desk', 'a1')).toEqual({ phase: 'sending' });
    release({ outcome: 'taken' });
    await first;
    expect(sent).toHaveLength(1);
  });

  it('offers Try again once after an unknown outcome, with the same request id, never a third time', async () => {
    const { client, sent } = clientAnswering([new TypeError('network'), { outcome: 'unknown' }]);
    const intents = createIntentsStore(
      client,
      createStorage(() => memory()),
    );
    await intents.answer('desk', 'p', ask, { optionIds: ['y'] }, false);
    expect([intents.statusOf('desk', 'a1'), intents.canRetry('desk', 'a1')]).toEqual([{ phase: 'done', outcome: 'unknown' }, true]);
    await intents.retry('desk', 'a1');
    expect(sent.map((r) => r.requestId)).toEqual([sent[0]!.requestId, sent[0]!.requestId]);
    expect([intents.statusOf('desk', 'a1'), intents.canRetry('desk', 'a1')]).toEqual([{ phase: 'done', outcome: 'maybe-applied' }, false]);
    await intents.retry('desk', 'a1');
    expect(sent).toHaveLength(2);
  });

  it('turns a send cut short by a reload into unknown, with Try again under the same id', async () => {
    const backend = memory();
    const hanging = clientAnswering([() => new Promise<AskReply>(() => {})]);
    void createIntentsStore(
      hanging.client,
      createStorage(() => backend),
    ).answer('desk', 'p', ask, { optionIds: ['y'] }, false);
    const firstId = hanging.sent[0]!.requestId;
    const { client, sent } = clientAnswering([{ outcome: 'taken' }]);
    const reloaded = createIntentsStore(
      client,
      createStorage(() => backend),
    );
    expect([reloaded.statusOf('desk', 'a1'), reloaded.canRetry('desk', 'a1')]).toEqual([{ phase: 'done', outcome: 'unknown' }, true]);
    await reloaded.retry('desk', 'a1');
    expect(sent[0]!.requestId).toBe(firstId);
    expect(reloaded.statusOf('desk', 'a1')).toEqual({ phase: 'done', outcome: 'taken' });
  });

  it('shows a refusal from the bridge with its reason and offers no Try again', async () => {
    const { client } = clientAnswering([new BridgeHttpError(400, 'bad-answer', 'the answer does not fit the question')]);
    const intents = createIntentsStore(
      client,
      createStorage(() => memory()),
    );
    await intents.answer('desk', 'p', ask, { optionIds: ['y'] }, false);
    expect([intents.statusOf('desk', 'a1'), intents.canRetry('desk', 'a1')]).toEqual([{ phase: 'refused', reason: 'bad-answer' }, false]); // the code: the card words it in the phone's language
    expect(JSON.stringify(intents.statusOf('desk', 'a1'))).not.toContain('does not fit');
  });

  it('works when storage throws', async () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    const { client } = clientAnswering([{ outcome: 'taken' }]);
    const intents = createIntentsStore(
      client,
      createStorage(() => broken),
    );
    await intents.answer('desk', 'p', ask, { optionIds: ['y'] }, false);
    expect(intents.statusOf('desk', 'a1')).toEqual({ phase: 'done', outcome: 'taken' });
  });

  describe('two agents raising the same ask id (two copies of one program)', () => {
    it('answering one leaves the other idle', async () => {
      const { client } = clientAnswering([{ outcome: 'taken' }]);
      const intents = createIntentsStore(
        client,
        createStorage(() => memory()),
      );
      await intents.answer('desk-a', 'p', ask, { optionIds: ['y'] }, false);
      expect(intents.statusOf('desk-a', 'a1')).toEqual({ phase: 'done', outcome: 'taken' });
      expect([intents.statusOf('desk-b', 'a1'), intents.canRetry('desk-b', 'a1')]).toEqual([{ phase: 'idle' }, false]);
      expect(Object.keys(intents.byAsk.value)).toEqual([askKey('desk-a', 'a1')]);
    });

    it("offers Try again only for the agent whose outcome is unknown; the other's retry sends nothing", async () => {
      const { client, sent, postedTo } = clientAnswering([new TypeError('network'), { outcome: 'taken' }]);
      const intents = createIntentsStore(
        client,
        createStorage(() => memory()),
      );
      await intents.answer('desk-a', 'p', ask, { optionIds: ['y'] }, false);
      expect([intents.canRetry('desk-a', 'a1'), intents.canRetry('desk-b', 'a1')]).toEqual([true, false]);
      expect(await intents.retry('desk-b', 'a1')).toBeNull();
      expect(sent).toHaveLength(1);
      await intents.retry('desk-a', 'a1');
      expect(sent.map((r) => [r.agent, r.requestId])).toEqual([
        ['desk-a', sent[0]!.requestId],
        ['desk-a', sent[0]!.requestId],
      ]);
      expect(postedTo).toEqual(['a1', 'a1']);
    });

    it('keeps them apart after a reload', async () => {
      const backend = memory();
      const first = clientAnswering([new TypeError('network'), new TypeError('network')]);
      const before = createIntentsStore(
        first.client,
        createStorage(() => backend),
      );
      await before.answer('desk-a', 'p', ask, { optionIds: ['y'] }, false);
      await before.answer('desk-b', 'p', ask, { optionIds: ['y'] }, false);
      const { client, sent } = clientAnswering([{ outcome: 'taken' }]);
      const reloaded = createIntentsStore(
        client,
        createStorage(() => backend),
      );
      await reloaded.retry('desk-b', 'a1');
      expect(sent.map((r) => [r.agent, r.requestId])).toEqual([['desk-b', first.sent[1]!.requestId]]);
      expect([reloaded.canRetry('desk-a', 'a1'), reloaded.statusOf('desk-b', 'a1')]).toEqual([true, { phase: 'done', outcome: 'taken' }]);
    });
  });
});

describe('an answer the bridge could not deliver', () => {
  it('says not sent and offers Try again, which does not count: never "maybe applied" for what never arrived', async () => {
    const { client, sent } = clientAnswering([{ outcome: 'not-sent' }, { outcome: 'not-sent' }, { outcome: 'not-sent' }, { outcome: 'taken' }]);
    const store = createIntentsStore(
      client,
      createStorage(() => memory()),
    );
    expect(await store.answer('desk', 'p', ask, { optionIds: ['y'] }, false)).toEqual({ outcome: 'not-sent' });
    for (let again = 0; again < 2; again += 1) {
      expect(store.statusOf('desk', 'a1')).toEqual({ phase: 'done', outcome: 'not-sent' });
      expect(store.canRetry('desk', 'a1')).toBe(true);
      expect(await store.retry('desk', 'a1')).toEqual({ outcome: 'not-sent' });
    }
    expect(await store.retry('desk', 'a1')).toEqual({ outcome: 'taken' });
    expect(store.statusOf('desk', 'a1')).toEqual({ phase: 'done', outcome: 'taken' });
    expect(new Set(sent.map((r) => r.requestId)).size).toBe(1);
  });
});

describe('a tap while the phone is offline', () => {
  it('sends nothing, keeps nothing to send later, and says so until a tap goes out', async () => {
    const sent: unknown[] = [];
    let online = false;
    const client = { answer: async (_id: string, request: unknown) => (sent.push(request), { outcome: 'taken' as const }) } as unknown as BridgeClient;
    const store = createIntentsStore(
      client,
      createStorage(() => memory()),
      Date.now,
      () => online,
    );
    expect(await store.answer('desk', 'p', ask, { optionIds: ['y'] }, false)).toBeNull();
    expect(store.statusOf('desk', 'a1')).toEqual({ phase: 'offline', bridge: false });
    expect(store.canRetry('desk', 'a1')).toBe(false);
    expect(sent).toEqual([]);
    online = true;
    expect(await store.answer('desk', 'p', ask, { optionIds: ['y'] }, false)).toEqual({ outcome: 'taken' });
    expect(store.statusOf('desk', 'a1')).toEqual({ phase: 'done', outcome: 'taken' });
    expect(sent).toHaveLength(1);
  });

  it('says "not sent" only through the outage the tap met, and names a bridge that does not answer', async () => {
    let clock = 1000;
    const connection = createConnectionStore({ now: () => clock, isOnline: () => true, onOnlineChange: () => () => {} });
    const client = { answer: async () => ({ outcome: 'taken' as const }) } as unknown as BridgeClient;
    const store = createIntentsStore(
      client,
      createStorage(() => memory()),
      () => clock,
      () => canSend(connection.state.peek()),
      () => connection.outage.value,
    );
    connection.report(false); // the bridge stopped answering
    clock += 10;
    expect(await store.answer('desk', 'p', ask, { optionIds: ['y'] }, false)).toBeNull();
    expect(store.statusOf('desk', 'a1')).toEqual({ phase: 'offline', bridge: true });
    connection.report(true); // back: the card is as it was, ready for a tap
    expect(store.statusOf('desk', 'a1')).toEqual({ phase: 'idle' });
    clock += 10;
    connection.report(false); // a later outage is not the one the tap met
    expect(store.statusOf('desk', 'a1')).toEqual({ phase: 'idle' });
  });
});

describe('what the phone answered, shown back in the chat', () => {
  const text: PhoneAsk = { id: 't1', revision: 1, kind: 'text', toolCallId: 't', title: 'Name the server', hash: 'h2' };
  const store = (replies: Parameters<typeof clientAnswering>[0], backend = memory(), online = () => true) =>
    createIntentsStore(
      clientAnswering(replies).client,
      createStorage(() => backend),
      () => 5,
      online,
    );

  /** What was answered loads with a chat's first read (a chunk of its own): every queued change has run once this settles. */
  const settled = () => new Promise((done) => setTimeout(done, 0));

  it('is kept from the tap on when the answer may have been taken, across a reload', async () => {
    const backend = memory();
    const intents = store([{ outcome: 'taken' }, { outcome: 'unknown' }], backend);
    await intents.answer('desk', 'p', text, { text: 'web-3' }, false);
    await intents.answer('desk', 'p', ask, { optionIds: ['y'] }, false);
    await vi.waitFor(() => expect(Object.keys(intents.given.value)).toHaveLength(2));
    const again = store([], backend);
    await vi.waitFor(() =>
      expect(again.given.value).toEqual({
        [askKey('desk', 't1')]: { at: 5, question: { title: 'Name the server' }, answer: { text: 'web-3' } },
        [askKey('desk', 'a1')]: { at: 5, question: { title: 'Ship?' }, answer: { labels: ['Yes'] } },
      }),
    );
  });

  it('is forgotten when the answer was not taken, refused, or never left an offline phone', async () => {
    const refused = new BridgeHttpError(409, 'bad-answer', 'no');
    const intents = store([{ outcome: 'taken' }, { outcome: 'too-late' }, { outcome: 'stale' }, refused]);
    await intents.answer('desk', 'p', ask, { optionIds: ['y'] }, false); // one that is kept: the memory is there
    await vi.waitFor(() => expect(Object.keys(intents.given.value)).toEqual([askKey('desk', 'a1')]));
    for (let i = 0; i < 3; i += 1) await intents.answer('desk', 'p', text, { text: 'web-3' }, false);
    await settled();
    expect(Object.keys(intents.given.value)).toEqual([askKey('desk', 'a1')]);
    const offline = store([], memory(), () => false);
    await offline.answer('desk', 'p', text, { text: 'web-3' }, false);
    await settled();
    expect(offline.given.value).toEqual({});
  });

  it('keeps the first tap’s answer through a double tap, and a Try again that sends nothing forgets nothing', async () => {
    let release: (reply: AskReply) => void = () => {};
    const intents = store([() => new Promise<AskReply>((resolve) => (release = resolve)), { outcome: 'unknown' }]);
    const first = intents.answer('desk', 'p', text, { text: 'web-3' }, false);
    expect(await intents.answer('desk', 'p', text, { text: 'web-4' }, false)).toBeNull();
    release({ outcome: 'unknown' });
    await first;
    await intents.retry('desk', 't1'); // unknown again: maybe applied
    await intents.retry('desk', 't1'); // no third send
    await settled();
    expect(intents.given.value[askKey('desk', 't1')]?.answer).toEqual({ text: 'web-3' });
    intents.forgetGiven();
    await vi.waitFor(() => expect(intents.given.value).toEqual({}));
  });
});
