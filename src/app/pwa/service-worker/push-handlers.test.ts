import { describe, expect, it, vi } from 'vitest';
import type { AskPush } from '../../../wire/push-payload';
import { notificationTurn, type NotificationLocks } from './notification-turn';
import { notificationOf, openFromNotification, renewSubscription, showPush } from './push-handlers';

/** The worker's push handlers against a fake worker scope (the e2e spec drives the real one over CDP). */
const ask: AskPush = { v: 1, kind: 'ask', tag: 't1', closed: [], agent: 'desk', paneId: 'p', askId: 'a 1', conversation: 'Release', title: 'Ship it?' };

function fakeWorker(windows: { url: string; postMessage: (m: unknown) => void; focus: () => Promise<unknown> }[] = []) {
  const shown: { tag: string; close: () => void }[] = [];
  const sw = {
    location: { origin: 'https://bridge.example' },
    registration: {
      getNotifications: async () => shown,
      showNotification: vi.fn(async (title: string, options: NotificationOptions) => void shown.push({ tag: options.tag ?? '', close: vi.fn() })),
      pushManager: { subscribe: vi.fn(async () => ({ toJSON: () => ({ endpoint: 'https://push.example/new' }) })) },
    },
    clients: { matchAll: async () => windows, openWindow: vi.fn(async () => null) },
  };
  return { sw: sw as unknown as ServiceWorkerGlobalScope, raw: sw, shown };
}

/** Web Locks as a browser keeps them: one holder of a name at a time, the others in the order they asked. */
function fakeLocks(): NotificationLocks {
  const last = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, work: () => Promise<T>): Promise<T> {
      const turn = (last.get(name) ?? Promise.resolve()).then(work);
      const over = turn.catch(() => undefined);
      last.set(name, over);
      return turn;
    },
  };
}

/**
 * A desktop Chromium's notifications: a read first takes the ones on display, and forgets every
 * one stored but not yet displayed (one being shown at that moment), which no read lists again.
 */
function chromiumNotifications() {
  type Kept = { tag: string; forgotten: boolean };
  const listed: Kept[] = [];
  const showing = new Set<Kept>();
  const aMoment = () => new Promise((done) => setTimeout(done, 1));
  return {
    async showNotification(_title: string, options: NotificationOptions) {
      const kept = { tag: options.tag ?? '', forgotten: false };
      showing.add(kept);
      await aMoment();
      showing.delete(kept);
      if (!kept.forgotten) listed.push(kept);
    },
    async getNotifications() {
      for (const kept of showing) kept.forgotten = true;
      await aMoment();
      return listed.map((kept) => ({ tag: kept.tag, close: () => void listed.splice(listed.indexOf(kept), 1) }));
    },
  };
}

describe('the worker’s notifications', () => {
  it('shows the agent as title and the ask as body, tagged per ask; a summary and a test in words of their own', () => {
    expect(notificationOf(ask)).toEqual({
      title: 'desk',
      options: { icon: '/icon-192.png', body: 'Ship it?', tag: 't1', data: { hash: '#/agent/desk/chat/p/ask/a%201', agent: 'desk', askId: 'a 1', question: 'Ship it?' } },
    });
    expect(notificationOf({ v: 1, kind: 'summary', tag: 's', closed: [], agent: 'desk', waiting: 12 }).options.body).toBe('desk: 12 more questions are waiting');
    expect(notificationOf({ v: 1, kind: 'summary', tag: 's', closed: [], agent: 'desk', waiting: 1 }).options.body).toBe('desk: 1 more question is waiting');
    expect(notificationOf({ ...ask, title: '' }).options.body).toBe('A question is waiting for you.');
    // A tool's notification says what its card's headline says, and what it would run.
    expect(notificationOf({ ...ask, title: 'bash', about: 'rm -rf build' }).options.body).toBe('bash wants to run: rm -rf build');
    expect(notificationOf(null)).toMatchObject({ title: 'Collie', options: { body: 'Something in Collie needs you.' } });
  });

  it('withdraws the notifications of the asks a push names as closed', async () => {
    const { sw, shown } = fakeWorker();
    await showPush(sw, { ...ask, tag: 'old' });
    await showPush(sw, { ...ask, tag: 'new', closed: ['old'] });
    expect(shown.map((n) => [n.tag, (n.close as ReturnType<typeof vi.fn>).mock.calls.length])).toEqual([
      ['old', 1],
      ['new', 0],
    ]);
  });

  it('pushes that come together keep their notifications, whatever reads them meanwhile (the page, another push)', async () => {
    const together = async (locks: NotificationLocks | undefined) => {
      const registration = chromiumNotifications();
      const sw = { registration, navigator: { languages: ['en'], locks } } as unknown as ServiceWorkerGlobalScope;
      await Promise.all([
        showPush(sw, { ...ask, tag: 'one' }),
        showPush(sw, { ...ask, tag: 'two', closed: ['gone'] }), // reads the notifications, for the one it names
        showPush(sw, { ...ask, tag: 'three' }),
        notificationTurn(locks, () => registration.getNotifications()), // the page, withdrawing against its inbox
      ]);
      return (await registration.getNotifications()).map((n) => n.tag).sort();
    };
    expect(await together(fakeLocks())).toEqual(['one', 'three', 'two']);
    // What the turn prevents: without it, a read while a notification is being shown loses that one.
    expect(await together(undefined)).not.toEqual(['one', 'three', 'two']);
  });

  it('a tap shows the chat at its card in the open window, or opens one there', async () => {
    const open = { url: 'https://bridge.example/#/', postMessage: vi.fn(), focus: vi.fn(async () => Promise.reject(new Error('no activation'))) };
    const withWindow = fakeWorker([open]);
    const notification = { data: notificationOf(ask).options.data, close: vi.fn() } as unknown as Notification;
    await openFromNotification(withWindow.sw, notification);
    expect(open.postMessage).toHaveBeenCalledWith({ type: 'collie-open', hash: '#/agent/desk/chat/p/ask/a%201' });
    expect(notification.close).toHaveBeenCalled();
    const none = fakeWorker();
    await openFromNotification(none.sw, { data: { hash: 'javascript:alert(1)' }, close: vi.fn() } as unknown as Notification);
    expect(none.raw.clients.openWindow).toHaveBeenCalledWith('/#/');
  });

  it('gives the bridge a renewed subscription, subscribing again with the old key when the browser dropped it', async () => {
    const fetched = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetched);
    try {
      const { sw, raw } = fakeWorker();
      const key = new Uint8Array([4, 1, 2]).buffer;
      await renewSubscription(
        sw,
        Object.assign(new Event('pushsubscriptionchange'), { oldSubscription: { options: { applicationServerKey: key } } as PushSubscription, newSubscription: null }),
      );
      expect(raw.registration.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: key });
      expect(fetched).toHaveBeenCalledWith('/api/push/subscription', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"endpoint":"https://push.example/new"}',
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
