import { describe, expect, it } from 'vitest';
import { WIRE_PREFIX } from '../../wire/agent-paths';
import type { Ask, Item, Snapshot } from '../../wire/types';
import { VERSION_HEADER } from '../../wire/wire-protocol';
import type { Pace } from '../demos/story';
import { DESK_CAPS, DESK_HOST, startDesk } from './desk/desk-agent';
import { collieObject, type ObjectContext } from './object';
import { MapStorage } from './testing/map-storage';
import { collieWorker } from './worker';

/** Tools run and steps follow at once. */
const AT_ONCE: Pace = { toolMs: 0, nextMs: 0, wait: () => Promise.resolve() };
const Desk = collieObject({ hostName: DESK_HOST, caps: DESK_CAPS, start: (kit) => startDesk(kit, AT_ONCE) });

/** One wake of the object over this storage: a new instance, as workerd makes after an eviction or a restart. */
function wake(storage: MapStorage) {
  const ctx: ObjectContext = { storage, blockConcurrencyWhile: (work) => work() };
  const object = new Desk(ctx, {});
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await object.fetch(
      new Request(`https://agent.example${WIRE_PREFIX}${path}`, { method, headers: { [VERSION_HEADER]: '1' }, ...(body ? { body: JSON.stringify(body) } : {}) }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return {
    call,
    snapshot: async () => (await call('GET', '/snapshot')).body as unknown as Snapshot,
    items: async () => ((await call('GET', '/pane/shell/events?after=0')).body as { items: Item[] }).items,
  };
}

const openAsk = (snapshot: Snapshot): Ask => snapshot.workspaces[0]!.tabs[0]!.panes[0]!.asks[0]!;
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the kit in a Durable Object (its memory in storage)', () => {
  it('a wake keeps the epoch, readers’ cursors, the open card and the answers', async () => {
    const storage = new MapStorage();
    const first = wake(storage);
    const before = await first.snapshot();
    const card = openAsk(before);
    expect(card).toMatchObject({ kind: 'permission', toolCallId: 'rm', revision: 1 });
    const cursor = before.workspaces[0]!.tabs[0]!.panes[0]!.cursor;

    const second = wake(storage);
    const after = await second.snapshot();
    expect(after.epoch).toBe(before.epoch);
    // The same card, not a new one: same id, revision and time.
    expect(openAsk(after)).toEqual(card);
    const caughtUp = (await second.call('GET', `/pane/shell/events?after=${cursor}&epoch=${before.epoch}`)).body;
    expect(caughtUp).toMatchObject({ view: false, cursor });

    const answer = { requestId: 'r-allow', askId: card.id, revision: 1, answer: { optionIds: ['allow'] } };
    expect((await second.call('POST', '/pane/shell/answer', answer)).body).toEqual({ outcome: 'taken' });
    await settled();

    const third = wake(storage);
    // The repeat of the answer is the first reply again, and runs nothing.
    expect((await third.call('POST', '/pane/shell/answer', answer)).body).toEqual({ outcome: 'taken', replayed: true });
    const next = openAsk(await third.snapshot());
    expect(next.toolCallId).toBe('build');
    const items = await third.items();
    expect(items.filter((i) => i.id === 'shell-rm-said')).toHaveLength(1);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it('an answered card is not raised again after a wake, and a reset storage is a new epoch', async () => {
    const storage = new MapStorage();
    const first = wake(storage);
    const { epoch } = await first.snapshot();
    const card = openAsk(await first.snapshot());
    await first.call('POST', '/pane/shell/answer', { requestId: 'r-deny', askId: card.id, revision: 1, answer: { optionIds: ['deny'] } });
    await settled();
    const second = wake(storage);
    const decided = await second.call('POST', '/pane/shell/answer', { requestId: 'r-late', askId: card.id, revision: 1, answer: { optionIds: ['allow'] } });
    expect(decided).toEqual({ status: 409, body: { code: 'decided', decidedBy: 'phone', outcome: { optionIds: ['deny'] } } });
    expect(openAsk(await second.snapshot()).toolCallId).toBe('build');
    expect((await wake(new MapStorage()).snapshot()).epoch).not.toBe(epoch);
  });
});

describe('the Worker in front of the object', () => {
  function namespace() {
    const woken: string[] = [];
    return {
      woken,
      DESK: {
        idFromName: (name: string) => name,
        get: (id: unknown) => ({ fetch: async () => (woken.push(String(id)), new Response('{}', { status: 200 })) }),
      },
    };
  }
  const request = (token?: string) => new Request('https://desk.example/session/v1/hello', token ? { headers: { authorization: `Bearer ${token}` } } : {});
  const worker = collieWorker({ binding: 'DESK' });

  it('refuses a wrong or missing token with the bare 401 and wakes no object', async () => {
    const { woken, DESK } = namespace();
    const env = { DESK, COLLIE_TOKEN: 'a'.repeat(40) };
    for (const token of [undefined, 'b'.repeat(40), 'a'.repeat(39)]) {
      const refused = await worker.fetch(request(token), env);
      expect([refused.status, await refused.json()]).toEqual([401, { code: 'unauthorized' }]);
    }
    expect(woken).toEqual([]);
    expect((await worker.fetch(request('a'.repeat(40)), env)).status).toBe(200);
    expect(woken).toEqual(['agent']);
  });

  it('accepts COLLIE_TOKEN_NEXT beside COLLIE_TOKEN while it is set, and refuses everyone with no token set', async () => {
    const { woken, DESK } = namespace();
    const rotating = { DESK, COLLIE_TOKEN: 'a'.repeat(40), COLLIE_TOKEN_NEXT: 'n'.repeat(40) };
    expect((await worker.fetch(request('a'.repeat(40)), rotating)).status).toBe(200);
    expect((await worker.fetch(request('n'.repeat(40)), rotating)).status).toBe(200);
    const moved = { DESK, COLLIE_TOKEN: 'n'.repeat(40) };
    expect((await worker.fetch(request('a'.repeat(40)), moved)).status).toBe(401);
    expect((await worker.fetch(request('n'.repeat(40)), {})).status).toBe(401);
    expect(woken).toHaveLength(2);
  });
});

describe('a wake in the middle of a turn', () => {
  it('ends the turn that was running as stopped, and a text queued behind it starts the next turn', async () => {
    const storage = new MapStorage();
    const Slow = collieObject({
      hostName: 'slow',
      caps: { send: true },
      start(kit) {
        kit.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' });
        // A turn that never ends by itself; the next wake finds it cut off.
        kit.handle({ send: ({ pane, text, requestId }) => (pane.item({ id: `r-${requestId}`, kind: 'reply', text: `on ${text}` }), new Promise<void>(() => {})) });
        kit.ready();
      },
    });
    const object = () => {
      const ctx: ObjectContext = { storage, blockConcurrencyWhile: (work) => work() };
      const instance = new Slow(ctx, {});
      return (path: string, body?: unknown) =>
        instance
          .fetch(
            new Request(`https://a${WIRE_PREFIX}${path}`, { method: body ? 'POST' : 'GET', headers: { [VERSION_HEADER]: '1' }, ...(body ? { body: JSON.stringify(body) } : {}) }),
          )
          .then((r) => r.json() as Promise<Record<string, unknown>>);
    };
    const first = object();
    const started = await first('/pane/p/send', { requestId: 's1', text: 'one', turnId: null });
    await first('/pane/p/send', { requestId: 's2', text: 'two', turnId: started.turnId });
    await settled();
    const second = object();
    await settled();
    const view = (await second('/pane/p/events?after=0')) as { items: Item[]; turn: { state: string; id: string } };
    expect(view.items.map((i) => i.id)).toEqual(['u-s1', 'r-s1', 'u-s2', 'r-s2']);
    expect(view.turn.state).toBe('running');
    expect(view.turn.id).not.toBe(started.turnId);
  });
});
