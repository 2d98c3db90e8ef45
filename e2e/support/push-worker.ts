import type { BrowserContext, Page, Worker } from '@playwright/test';
import { NOTIFICATION_LOCK } from '../../src/app/pwa/service-worker/notification-turn';

/**
 * The phone's service worker as the push specs drive it: a push's decrypted payload handed to the
 * worker over CDP (`ServiceWorker.deliverPushMessage`), as the phone's push service would; its
 * notifications read back with `registration.getNotifications()`; a press on a button is a
 * `notificationclick` with that `action`, dispatched inside the worker (headless, there is no OS
 * notification to press).
 */
type WorkerScope = {
  registration: ServiceWorkerRegistration;
  navigator: { locks: { request<T>(name: string, work: () => Promise<T>): Promise<T> } };
  dispatchEvent(event: Event): boolean;
};
declare const NotificationEvent: new (type: 'notificationclick', init: { notification: Notification; action?: string }) => Event;

/** The page's worker, once it controls the page. */
export async function phoneWorker(page: Page, context: BrowserContext): Promise<Worker> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/**
 * Hands one push (its decrypted text) to the worker of `origin`, as a push service does, once the
 * browser holds the worker's registration as active. DevTools' command answers before the worker
 * has shown the push, so every push of a page goes through one DevTools session: a session opened
 * per push (its `ServiceWorker.enable`) while the worker still handled the last push lost that
 * push (the push-kept spec on the dashboard, in full runs: of three pushes in quick succession
 * only the last shown). A push is never handed twice, and one that shows nothing fails the spec's
 * own check.
 */
export async function deliverPush(context: BrowserContext, page: Page, origin: string, data: string): Promise<void> {
  let send = senders.get(page)?.get(origin);
  if (!send) {
    send = pushSender(context, page, origin);
    senders.set(page, (senders.get(page) ?? new Map()).set(origin, send));
  }
  const sender = await send;
  await sender(data);
}

const senders = new WeakMap<Page, Map<string, Promise<(data: string) => Promise<void>>>>();

/** A DevTools session that hands pushes to the worker registered for `origin`, once its version is activated. */
async function pushSender(context: BrowserContext, page: Page, origin: string): Promise<(data: string) => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  type Version = { registrationId: string; status: string };
  const active = new Promise<string>((found) =>
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: { versions: Version[] }) => {
      const version = versions.find((v) => v.status === 'activated');
      if (version) found(version.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await active;
  // Not detached here: the command returns before the worker has shown the notification, and
  // leaving the ServiceWorker domain at once may end the push event on a slow machine. The session ends with its page.
  return async (data) => {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
  };
}

/*
 * Every read below takes the app's turn (NOTIFICATION_LOCK, notification-turn.ts), as the app's
 * own reads do: in Chromium a read while the worker is showing a notification loses that one for
 * good (a spec polling as pushes arrived missed the last of three).
 */

/** The notifications the worker shows: body, tag and its buttons' titles. */
export const shownNotifications = (worker: Worker) =>
  worker.evaluate(async (lock) => {
    const sw = self as unknown as WorkerScope;
    const all = await sw.navigator.locks.request(lock, () => sw.registration.getNotifications());
    return all.map((n) => ({ body: n.body, tag: n.tag, actions: (n as Notification & { actions: { title: string }[] }).actions.map((a) => a.title) }));
  }, NOTIFICATION_LOCK);

/** Presses a button of the notification shown (the one with `tag`, if given), `times` times at once (a double press is two). */
export const pressNotification = (worker: Worker, action: string, times = 1, tag?: string) =>
  worker.evaluate(
    async ({ action, times, tag, lock }) => {
      const sw = self as unknown as WorkerScope;
      const notification = (await sw.navigator.locks.request(lock, () => sw.registration.getNotifications(tag === undefined ? undefined : { tag })))[0]!;
      for (let n = 0; n < times; n += 1) sw.dispatchEvent(new NotificationEvent('notificationclick', { notification, action }));
    },
    { action, times, tag, lock: NOTIFICATION_LOCK },
  );

/** A tap on the notification with `tag` itself, not on a button. */
export const tapNotification = (worker: Worker, tag: string) =>
  worker.evaluate(
    async ({ tag, lock }) => {
      const sw = self as unknown as WorkerScope;
      const [notification] = await sw.navigator.locks.request(lock, () => sw.registration.getNotifications({ tag }));
      sw.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
    },
    { tag, lock: NOTIFICATION_LOCK },
  );

/** The worker's kept presses (notification-presses.ts), read straight from IndexedDB. */
export const keptPresses = (worker: Worker) =>
  worker.evaluate(
    () =>
      new Promise<{ requestId: string; state: string }[]>((done, failed) => {
        const open = indexedDB.open('collie-presses');
        open.onerror = () => failed(new Error(String(open.error)));
        open.onsuccess = () => {
          const read = open.result.transaction('presses').objectStore('presses').getAll();
          read.onsuccess = () => done(read.result as { requestId: string; state: string }[]);
          read.onerror = () => failed(new Error(String(read.error)));
        };
      }),
  );
