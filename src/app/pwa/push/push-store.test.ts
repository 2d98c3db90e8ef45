import { signal } from '@preact/signals';
import { describe, expect, it, vi } from 'vitest';
import type { PushApi } from './push-api';
import { BridgeHttpError } from '../../phone-api-client';
import { createPushStore, type OpenAsks, WITHDRAW_MARGIN_MS, type BrowserSubscription, type PushEnv, type PushRegistration } from './push-store';
import { SWITCH_WAIT_MS } from './switch-deadline';
import { ANSWER_DEFAULTS } from '../service-worker/answer-settings';
import { memoryPresses } from '../service-worker/testing/memory-presses';
import type { AnswerIntent } from '../../stores/intents-store';

/** A clock the test moves: timers fire only when `advance` passes their time. */
function testClock() {
  let now = 0;
  const timers: { at: number; fire: () => void }[] = [];
  return {
    setTimer: (fire: () => void, ms: number) => {
      const timer = { at: now + ms, fire };
      timers.push(timer);
      return () => {
        const i = timers.indexOf(timer);
        if (i >= 0) timers.splice(i, 1);
      };
    },
    pending: () => timers.length,
    advance(ms: number) {
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.fire();
      }
    },
  };
}

/** The settings switch's store against a fake browser and a fake bridge: each state, and permission asked only on a tap. */
function rig(over: Partial<PushEnv> = {}, install = { insecure: false, iosByHand: false }) {
  const clock = testClock();
  let permission: NotificationPermission = 'default';
  let sub: BrowserSubscription | null = null;
  const shown: { data: unknown; timestamp: number; close: () => void }[] = [];
  const messages: ((data: unknown) => void)[] = [];
  const permissionAnswer = { next: 'granted' as NotificationPermission };
  const answerSettings = { kept: ANSWER_DEFAULTS };
  const presses = memoryPresses();
  const adopted: AnswerIntent[] = [];
  const registration = {
    pushManager: {
      getSubscription: async () => sub,
      subscribe: vi.fn(
        async () => (sub = { endpoint: 'https://push.example/1', toJSON: () => ({ endpoint: 'https://push.example/1' }), unsubscribe: async () => ((sub = null), true) }),
      ),
    },
    getNotifications: async () => shown,
  };
  const env: PushEnv = {
    supported: () => true,
    permission: () => permission,
    requestPermission: vi.fn(async () => (permission = permissionAnswer.next)),
    onPermissionChange: () => () => {},
    registration: async () => registration,
    onWorkerMessage: (listener) => (messages.push(listener), () => {}),
    navigate: vi.fn(),
    now: () => 100_000,
    setTimer: clock.setTimer,
    maxActions: () => 2,
    answerSettings: { load: async () => answerSettings.kept, keep: vi.fn(async (next) => void (answerSettings.kept = next)) },
    presses: async () => presses,
    ...over,
  };
  const api: PushApi = {
    key: vi.fn(async () => ({ publicKey: 'BPz4', subscribed: false })),
    subscribe: vi.fn(async () => ({ subscribed: true })),
    unsubscribe: vi.fn(async () => ({ removed: true })),
    test: vi.fn(async () => ({ sent: 1 })),
  };
  const inbox = signal<OpenAsks | null>(null);
  const store = createPushStore(api, install, env, inbox, undefined, (intent) => adopted.push(intent));
  const keep = (kept: BrowserSubscription | null) => (sub = kept);
  return {
    store,
    env,
    api,
    inbox,
    shown,
    messages,
    permissionAnswer,
    keep,
    clock,
    registration,
    setPermission: (p: NotificationPermission) => (permission = p),
    answerSettings,
    presses,
    adopted,
  };
}

describe('the notifications switch', () => {
  it('is off until tapped, never asks for permission by itself, and on a tap subscribes and tells the bridge', async () => {
    const { store, env, api } = rig();
    store.start();
    expect(store.state.value).toBe('off');
    expect(env.requestPermission).not.toHaveBeenCalled();
    await store.toggle();
    expect(env.requestPermission).toHaveBeenCalledTimes(1);
    expect(api.subscribe).toHaveBeenCalledWith({ endpoint: 'https://push.example/1' });
    expect(store.state.value).toBe('on');
    await store.sendTest();
    expect(store.tested.value).toEqual({ sent: true });
    await store.toggle();
    expect(api.unsubscribe).toHaveBeenCalledWith('https://push.example/1');
    expect(store.state.value).toBe('off');
  });

  it('says blocked when the browser refuses, and off when the question is dismissed', async () => {
    const { store, permissionAnswer } = rig();
    permissionAnswer.next = 'default';
    await store.toggle();
    expect(store.state.value).toBe('off');
    permissionAnswer.next = 'denied';
    await store.toggle();
    expect(store.state.value).toBe('blocked');
  });

  it('says why it cannot be on: plain HTTP, iOS outside the Home Screen, a browser without push', () => {
    expect(rig({}, { insecure: true, iosByHand: false }).store.state.value).toBe('insecure');
    expect(rig({}, { insecure: false, iosByHand: true }).store.state.value).toBe('ios-home-screen');
    expect(rig({ supported: () => false }).store.state.value).toBe('unsupported');
  });

  it('shows the browser’s words when subscribing fails, and stays off', async () => {
    const { store } = rig({
      registration: async () => ({
        pushManager: { getSubscription: async () => null, subscribe: async () => Promise.reject(new Error('push service not available')) },
        getNotifications: async () => [],
      }),
    });
    await store.toggle();
    expect([store.state.value, store.problem.value]).toEqual(['off', { turning: 'on', step: 'push', detail: 'push service not available' }]);
  });

  it('gives up on a push service that never answers after the wait, says so, is off, and undoes a subscription that comes too late', async () => {
    const r = rig();
    let late: (sub: Awaited<ReturnType<typeof r.registration.pushManager.subscribe>>) => void = () => {};
    const unsubscribe = vi.fn(async () => true as const);
    r.registration.pushManager.subscribe.mockImplementation(() => new Promise((resolve) => (late = resolve)));
    const turning = r.store.toggle();
    await vi.waitFor(() => expect(r.registration.pushManager.subscribe).toHaveBeenCalled());
    expect([r.store.busy.value, r.store.state.value, r.store.problem.value]).toEqual(['on', 'off', null]);
    r.clock.advance(SWITCH_WAIT_MS - 1);
    await Promise.resolve();
    expect(r.store.busy.value).toBe('on'); // not a moment before the wait is over
    r.clock.advance(1);
    await turning;
    expect([r.store.busy.value, r.store.state.value, r.store.problem.value]).toEqual([null, 'off', { turning: 'on', step: 'push', waitedMs: SWITCH_WAIT_MS }]);
    expect(r.api.subscribe).not.toHaveBeenCalled();
    late({ endpoint: 'https://push.example/late', toJSON: () => ({ endpoint: 'https://push.example/late' }), unsubscribe });
    await vi.waitFor(() => expect(unsubscribe).toHaveBeenCalled());
    expect(r.clock.pending()).toBe(0);
  });

  it('names the bridge when it does not answer in time or refuses, and a worker that never starts', async () => {
    const slow = rig();
    vi.mocked(slow.api.subscribe).mockImplementation(() => new Promise(() => {}));
    const turning = slow.store.toggle();
    await vi.waitFor(() => expect(slow.api.subscribe).toHaveBeenCalled());
    slow.clock.advance(SWITCH_WAIT_MS);
    await turning;
    expect([slow.store.state.value, slow.store.problem.value]).toEqual(['off', { turning: 'on', step: 'bridge', waitedMs: SWITCH_WAIT_MS }]);

    const refusing = rig();
    vi.mocked(refusing.api.key).mockRejectedValue(new BridgeHttpError(404, 'no-push', 'push is off'));
    await refusing.store.toggle();
    expect([refusing.store.state.value, refusing.store.problem.value]).toEqual(['off', { turning: 'on', step: 'bridge', code: 'no-push' }]);

    const noWorker = rig({ registration: () => new Promise<PushRegistration>(() => {}) });
    const waiting = noWorker.store.toggle();
    await vi.waitFor(() => expect(noWorker.api.key).toHaveBeenCalled());
    await Promise.resolve();
    noWorker.clock.advance(SWITCH_WAIT_MS);
    await waiting;
    expect([noWorker.store.state.value, noWorker.store.problem.value]).toEqual(['off', { turning: 'on', step: 'worker', waitedMs: SWITCH_WAIT_MS }]);
  });

  it('says turning off failed, and stays on, when the bridge does not answer', async () => {
    const r = rig();
    await r.store.toggle();
    vi.mocked(r.api.unsubscribe).mockImplementation(() => new Promise(() => {}));
    const turning = r.store.toggle();
    await vi.waitFor(() => expect(r.api.unsubscribe).toHaveBeenCalled());
    expect(r.store.busy.value).toBe('off');
    r.clock.advance(SWITCH_WAIT_MS);
    await turning;
    expect([r.store.state.value, r.store.problem.value]).toEqual(['on', { turning: 'off', step: 'bridge', waitedMs: SWITCH_WAIT_MS }]);
  });

  it('is on at start with a kept subscription, sent to the bridge again in case it lost it', async () => {
    const r = rig();
    await r.store.toggle();
    const again = createPushStore(r.api, { insecure: false, iosByHand: false }, r.env);
    again.start();
    await vi.waitFor(() => expect(again.state.value).toBe('on'));
    expect(r.api.subscribe).toHaveBeenCalledTimes(2);
  });

  it('says notifications stopped when the bridge dropped this phone’s subscription, does not subscribe by itself, and a tap turns them on again', async () => {
    const r = rig();
    await r.store.toggle();
    vi.mocked(r.api.key).mockResolvedValue({ publicKey: 'BPz4', subscribed: false, stopped: { at: '2030-01-01T00:00:00.000Z' } });
    const again = createPushStore(r.api, { insecure: false, iosByHand: false }, r.env);
    again.start();
    await vi.waitFor(() => expect(again.state.value).toBe('stopped'));
    expect(r.api.subscribe).toHaveBeenCalledTimes(1);
    await again.toggle();
    expect(again.state.value).toBe('on');
    expect(r.api.subscribe).toHaveBeenCalledTimes(2);
  });

  it('says a test the push service did not take was not sent, and shows stopped once the bridge gave up', async () => {
    const r = rig();
    await r.store.toggle();
    vi.mocked(r.api.test).mockResolvedValue({ sent: 0 });
    await r.store.sendTest();
    expect([r.store.tested.value, r.store.state.value]).toEqual([{ notTaken: true }, 'on']);
    vi.mocked(r.api.key).mockResolvedValue({ publicKey: 'BPz4', subscribed: false, stopped: { at: '2030-01-01T00:00:00.000Z' } });
    await r.store.sendTest();
    expect([r.store.tested.value, r.store.state.value]).toEqual([{ notTaken: true }, 'stopped']);
  });

  it('subscribes again when the kept subscription was made for another key (the bridge’s state folder was reset)', async () => {
    const r = rig();
    r.setPermission('granted');
    const stale = {
      endpoint: 'https://push.example/old',
      options: { applicationServerKey: new Uint8Array([1, 2, 3]).buffer },
      toJSON: () => ({}),
      unsubscribe: vi.fn(async () => true),
    };
    r.keep(stale);
    const registration = await r.env.registration();
    r.store.start();
    await vi.waitFor(() => expect(r.store.state.value).toBe('on'));
    expect(stale.unsubscribe).toHaveBeenCalled();
    expect(registration.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: Uint8Array.from(atob('BPz4'), (c) => c.charCodeAt(0)) });
    expect(r.api.subscribe).toHaveBeenCalledWith({ endpoint: 'https://push.example/1' });
  });

  it('opens the address a tapped notification names, and closes notifications of asks no longer open', async () => {
    const r = rig();
    await r.store.toggle();
    r.store.start();
    r.messages[0]!({ type: 'collie-open', hash: '#/agent/desk/chat/p/ask/a1' });
    r.messages[0]!({ type: 'collie-open', hash: 'https://elsewhere.example/' });
    expect(r.env.navigate).toHaveBeenCalledExactlyOnceWith('#/agent/desk/chat/p/ask/a1');
    const old = 100_000 - WITHDRAW_MARGIN_MS - 1;
    const closed = { data: { hash: '#/', agent: 'desk', askId: 'gone' }, timestamp: old, close: vi.fn() };
    const open = { data: { hash: '#/', agent: 'desk', askId: 'open' }, timestamp: old, close: vi.fn() };
    const fresh = { data: { hash: '#/', agent: 'desk', askId: 'new' }, timestamp: 100_000, close: vi.fn() };
    r.shown.push(closed, open, fresh);
    r.inbox.value = { open: [{ agent: 'desk', paneId: 'p', askId: 'open', kind: 'choice', title: 'Q', conversation: 'C' }], at: 100_000 };
    await vi.waitFor(() => expect(closed.close).toHaveBeenCalled());
    expect([closed.close.mock.calls.length, open.close.mock.calls.length, fresh.close.mock.calls.length]).toEqual([1, 0, 0]);
  });

  it('never closes the notification of a question asked after the inbox was read (a screen that does not keep it live)', async () => {
    const r = rig();
    await r.store.toggle();
    r.store.start();
    // The inbox was read long ago (the app then went to Settings); two questions came since, each notified.
    const readLongAgo = 10_000;
    const first = { data: { hash: '#/', agent: 'desk', askId: 'asked-later-1' }, timestamp: 40_000, close: vi.fn() };
    const second = { data: { hash: '#/', agent: 'desk', askId: 'asked-later-2' }, timestamp: 60_000, close: vi.fn() };
    const gone = { data: { hash: '#/', agent: 'desk', askId: 'gone' }, timestamp: 1_000, close: vi.fn() };
    r.shown.push(first, second, gone);
    r.inbox.value = { open: [], at: readLongAgo };
    await vi.waitFor(() => expect(gone.close).toHaveBeenCalled());
    expect([first.close.mock.calls.length, second.close.mock.calls.length]).toEqual([0, 0]);
  });

  it('answer from notifications: read where the worker reads it, choice on and permission off by default; a change is kept there', async () => {
    const r = rig();
    r.store.start();
    await vi.waitFor(() => expect(r.store.answering.value).toEqual({ choice: true, permission: false }));
    expect(r.store.showsButtons).toBe(true);
    await r.store.setAnswering({ choice: true, permission: true });
    expect(r.answerSettings.kept).toEqual({ choice: true, permission: true });
    expect(r.store.answering.value).toEqual({ choice: true, permission: true });
    // Not kept: the switch shows what the worker will read.
    const failing = rig({ answerSettings: { load: async () => ({ choice: true, permission: false }), keep: async () => Promise.reject(new Error('no storage')) } });
    failing.store.start();
    await vi.waitFor(() => expect(failing.store.answering.value).not.toBeNull());
    await failing.store.setAnswering({ choice: false, permission: false });
    expect(failing.store.answering.value).toEqual({ choice: true, permission: false });
    expect(rig({ maxActions: () => 0 }).store.showsButtons).toBe(false);
  });

  it('a switch turns only once the worker can read it: a push at once after the tap gets its buttons', async () => {
    let written!: () => void;
    const slow = rig({ answerSettings: { load: async () => ANSWER_DEFAULTS, keep: () => new Promise<void>((resolve) => (written = resolve)) } });
    slow.store.start();
    await vi.waitFor(() => expect(slow.store.answering.value).toEqual(ANSWER_DEFAULTS));
    const turning = slow.store.setAnswering({ choice: true, permission: true });
    expect(slow.store.answering.value).toEqual(ANSWER_DEFAULTS); // still being written: the worker would read it off
    written();
    await turning;
    expect(slow.store.answering.value).toEqual({ choice: true, permission: true });
  });

  it('takes the worker’s presses into the app’s ledger at start and at the worker’s word', async () => {
    const r = rig();
    const press = { requestId: 'r-1', agent: 'desk', paneId: 'p', askId: 'a1', hash: 'h', optionId: 'y', label: 'Yes', state: 'done', outcome: 'taken', at: 99_000 };
    r.presses.map.set(JSON.stringify(['desk', 'a1']), press);
    r.store.start();
    await vi.waitFor(() => expect(r.adopted.map((i) => i.requestId)).toEqual(['r-1']));
    r.presses.map.set(JSON.stringify(['desk', 'a2']), { ...press, requestId: 'r-2', askId: 'a2', outcome: 'stale' });
    r.messages[0]!({ type: 'collie-pressed' });
    await vi.waitFor(() => expect(r.adopted.map((i) => i.requestId)).toEqual(['r-1', 'r-2']));
  });
});
