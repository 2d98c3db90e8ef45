import { describe, expect, it } from 'vitest';
import { BridgeHttpError } from '../phone-api-client';
import type { ActReply } from '../../wire/write-json';
import { createStorage } from '../storage';
import { clientActing, memory } from './testing/acts-kit';
import { INTENT_MEMORY_MS as ACT_MEMORY_MS } from './intent-ledger';
import { ACTS_KEY, controlKey, createActsStore, type ActDraft } from './acts-store';

const send: ActDraft = { act: 'send', agent: 'desk', paneId: 'p1', text: 'ship it', turnId: 't1' };
const key = 'desk/p1/send';

describe('the acts store', () => {
  it('keys each control', () => {
    expect(controlKey(send)).toBe(key);
    expect(controlKey({ act: 'stop', agent: 'desk', paneId: 'p1', turnId: null })).toBe('desk/p1/stop');
    expect(controlKey({ act: 'action', agent: 'desk', paneId: 'p1', actionId: 'go', turnId: null })).toBe('desk/p1/action/go');
    expect(controlKey({ act: 'starter', agent: 'desk', starterId: 's1' })).toBe('desk/starter/s1');
    expect(controlKey({ act: 'rename', agent: 'desk', target: 'tab', id: 'x', title: 'T' })).toBe('desk/rename/tab/x');
    expect(controlKey({ act: 'close', agent: 'desk', target: 'pane', id: 'p1' })).toBe('desk/close/pane/p1');
    expect(controlKey({ act: 'reopen', agent: 'desk', conversationId: 'c1' })).toBe('desk/reopen/c1');
  });

  it('mints one request id per intent and keeps it in storage before the request leaves', async () => {
    const backend = memory();
    let storedBeforeSend = '';
    const { client, sent } = clientActing([async () => ((storedBeforeSend = backend.data.get(ACTS_KEY) ?? ''), { outcome: 'sent' })]);
    const acts = createActsStore(
      client,
      createStorage(() => backend),
    );
    expect(await acts.run(send)).toEqual({ outcome: 'sent' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ ...send, requestId: expect.any(String) });
    expect(storedBeforeSend).toContain(sent[0]!.requestId);
    expect(JSON.parse(storedBeforeSend)[sent[0]!.requestId]).toMatchObject({ state: 'sending', tries: 1, request: sent[0] });
    expect(acts.statusOf(key)).toEqual({ phase: 'done', act: 'send', reply: { outcome: 'sent' } });
    await acts.run(send);
    expect(sent[1]!.requestId).not.toBe(sent[0]!.requestId);
    // Settled: the typed text is dropped from the request; only its first line stays, on the phone, for Recent sends.
    const kept = JSON.parse(backend.data.get(ACTS_KEY)!) as Record<string, { request: { text: string }; preview?: string }>;
    expect(kept[sent[0]!.requestId]).toMatchObject({ request: { text: '' }, preview: 'ship it' });
    expect(acts.previewOf(sent[0]!.requestId)).toBe('ship it');
    await acts.run({ ...send, text: 'first line\nsecret second line' });
    expect(backend.data.get(ACTS_KEY)).not.toContain('secret second line');
  });

  it('sends a double tap once', async () => {
    let release = (_: ActReply) => {};
    const { client, sent } = clientActing([() => new Promise<ActReply>((r) => (release = r))]);
    const acts = createActsStore(
      client,
      createStorage(() => memory()),
    );
    const first = acts.run(send);
    expect(await acts.run(send)).toBeNull();
    expect(acts.statusOf(key)).toEqual({ phase: 'sending', act: 'send' });
    release({ outcome: 'queued' });
    await first;
    expect(sent).toHaveLength(1);
    expect(acts.statusOf(key)).toMatchObject({ phase: 'done', reply: { outcome: 'queued' } });
  });

  it('lets another control act while one is in flight', async () => {
    const { client, sent } = clientActing([() => new Promise<ActReply>(() => {}), { outcome: 'stopped' }]);
    const acts = createActsStore(
      client,
      createStorage(() => memory()),
    );
    void acts.run(send);
    expect(await acts.run({ act: 'stop', agent: 'desk', paneId: 'p1', turnId: 't1' })).toEqual({ outcome: 'stopped' });
    expect(sent.map((r) => r.act)).toEqual(['send', 'stop']);
    expect(acts.latestOf([key, 'desk/p1/stop'])).toBe('desk/p1/stop');
  });

  it('offers Try again once after a network error, with the same request id, never a third time', async () => {
    const { client, sent } = clientActing([new TypeError('network'), { outcome: 'unknown' }]);
    const acts = createActsStore(
      client,
      createStorage(() => memory()),
    );
    expect(await acts.run(send)).toEqual({ outcome: 'unknown' });
    expect([acts.statusOf(key), acts.canRetry(key)]).toEqual([{ phase: 'done', act: 'send', reply: { outcome: 'unknown' } }, true]);
    await acts.retry(key);
    expect(sent.map((r) => r.requestId)).toEqual([sent[0]!.requestId, sent[0]!.requestId]);
    expect([acts.statusOf(key), acts.canRetry(key)]).toEqual([{ phase: 'done', act: 'send', reply: { outcome: 'maybe-applied' } }, false]);
    expect(await acts.retry(key)).toBeNull();
    expect(sent).toHaveLength(2);
  });

  it('takes the bridge maybe-applied as final', async () => {
    const { client } = clientActing([{ outcome: 'unknown' }, { outcome: 'maybe-applied' }]);
    const acts = createActsStore(
      client,
      createStorage(() => memory()),
    );
    await acts.run(send);
    await acts.retry(key);
    expect([acts.statusOf(key), acts.canRetry(key)]).toEqual([{ phase: 'done', act: 'send', reply: { outcome: 'maybe-applied' } }, false]);
  });

  it('turns a send cut short by a reload into unknown, with Try again under the same id', async () => {
    const backend = memory();
    const hanging = clientActing([() => new Promise<ActReply>(() => {})]);
    void createActsStore(
      hanging.client,
      createStorage(() => backend),
    ).run(send);
    const firstId = hanging.sent[0]!.requestId;
    const { client, sent } = clientActing([{ outcome: 'sent' }]);
    const reloaded = createActsStore(
      client,
      createStorage(() => backend),
    );
    expect([reloaded.statusOf(key), reloaded.canRetry(key)]).toEqual([{ phase: 'done', act: 'send', reply: { outcome: 'unknown' } }, true]);
    await reloaded.retry(key);
    expect(sent[0]).toEqual(hanging.sent[0]);
    expect(sent[0]!.requestId).toBe(firstId);
    expect(reloaded.statusOf(key)).toMatchObject({ phase: 'done', reply: { outcome: 'sent' } });
  });

  it('forgets intents older than a day, and settled ones after a reload', async () => {
    const backend = memory();
    let clock = 1_000_000;
    const first = createActsStore(
      clientActing([new TypeError('lost'), { outcome: 'sent' }]).client,
      createStorage(() => backend),
      () => clock,
    );
    await first.run(send);
    await first.run({ act: 'stop', agent: 'desk', paneId: 'p1', turnId: null });
    const next = createActsStore(
      clientActing([]).client,
      createStorage(() => backend),
      () => clock,
    );
    expect(next.statusOf(key)).toMatchObject({ reply: { outcome: 'unknown' } });
    expect(next.statusOf('desk/p1/stop')).toEqual({ phase: 'idle' });
    clock += ACT_MEMORY_MS + 1;
    const later = createActsStore(
      clientActing([]).client,
      createStorage(() => backend),
      () => clock,
    );
    expect([later.statusOf(key), later.canRetry(key)]).toEqual([{ phase: 'idle' }, false]);
  });

  it('reads a refusal code as a refusal, and any other 4xx as failed with no Try again', async () => {
    const { client } = clientActing([new BridgeHttpError(400, 'too-long', 'over'), new BridgeHttpError(403, 'write-gate', 'this device may not write')]);
    const acts = createActsStore(
      client,
      createStorage(() => memory()),
    );
    expect(await acts.run(send)).toEqual({ outcome: 'refused', reason: 'too-long' });
    expect(await acts.run(send)).toBeNull();
    expect([acts.statusOf(key), acts.canRetry(key)]).toEqual([{ phase: 'failed', act: 'send', message: 'write-gate' }, false]); // the code, worded by the view in the phone's language
    expect(JSON.stringify(acts.statusOf(key))).not.toContain('this device may not write');
  });

  it('reads a 5xx as unknown', async () => {
    const { client } = clientActing([new BridgeHttpError(502, 'agent-unreachable', 'gone')]);
    const acts = createActsStore(
      client,
      createStorage(() => memory()),
    );
    expect(await acts.run(send)).toEqual({ outcome: 'unknown' });
    expect(acts.canRetry(key)).toBe(true);
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
    const { client } = clientActing([{ outcome: 'sent' }]);
    const acts = createActsStore(
      client,
      createStorage(() => broken),
    );
    await acts.run(send);
    expect(acts.statusOf(key)).toMatchObject({ reply: { outcome: 'sent' } });
  });
});

describe('a send while the phone is offline', () => {
  it('sends nothing, is the latest tap, and Try again sends it once the phone is back, under one id', async () => {
    let online = false;
    const { client, sent } = clientActing([async () => ({ outcome: 'sent' })]);
    const acts = createActsStore(
      client,
      createStorage(() => memory()),
      Date.now,
      () => online,
    );
    expect(await acts.run(send)).toBeNull();
    expect(sent).toEqual([]);
    expect(acts.latestOf([key, 'desk/p1/stop'])).toBe(key); // the status line tells of this tap
    expect(acts.statusOf(key)).toEqual({ phase: 'offline' });
    expect(acts.canRetry(key)).toBe(true);
    expect(acts.pendingRequest(key)).toMatchObject({ text: 'ship it' });
    expect(await acts.retry(key)).toBeNull(); // still offline: still nothing sent
    expect(sent).toEqual([]);
    online = true;
    expect(await acts.retry(key)).toEqual({ outcome: 'sent' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ text: 'ship it' });
    expect(acts.statusOf(key)).toEqual({ phase: 'done', act: 'send', reply: { outcome: 'sent' } });
    expect(acts.canRetry(key)).toBe(false);
    expect(await acts.retry(key)).toBeNull(); // sent once: never again
    expect(sent).toHaveLength(1);
  });

  it('an unknown outcome retried offline stays to be tried once, under its first id', async () => {
    let online = true;
    const { client, sent } = clientActing([async () => ({ outcome: 'unknown' }), async () => ({ outcome: 'sent' })]);
    const acts = createActsStore(
      client,
      createStorage(() => memory()),
      Date.now,
      () => online,
    );
    await acts.run(send);
    online = false;
    expect(await acts.retry(key)).toBeNull();
    expect(acts.statusOf(key)).toEqual({ phase: 'offline' });
    expect(acts.canRetry(key)).toBe(true);
    online = true;
    expect(await acts.retry(key)).toEqual({ outcome: 'sent' });
    expect(sent.map((r) => r.requestId)).toEqual([sent[0]!.requestId, sent[0]!.requestId]);
  });
});
