import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';

/**
 * The phone's service worker as the push specs drive it: a push's decrypted payload handed to the
 * worker over CDP (`ServiceWorker.deliverPushMessage`), as the phone's push service would; its
 * notifications read back with `registration.getNotifications()`; a press on a button is a
 * `notificationclick` with that `action`, dispatched inside the worker (headless, there is no OS
 * notification to press).
 */
type WorkerScope = { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
declare const NotificationEvent: new (type: 'notificationclick', init: { notification: Notification; action?: string }) => Event;

/** The page's worker, once it controls the page. */
export async function phoneWorker(page: Page, context: BrowserContext): Promise<Worker> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/**
 * Hands one push (its decrypted text) to the worker of `origin`, and makes sure it arrived, as a
 * push service does (it keeps a message until the browser takes it).
 *
 * The DevTools command returns before the worker has the push, and now and then the worker never
 * gets it (2 in 80 runs of one spec on a quiet machine): nothing shows, nothing is thrown. So when a push
 * whose tag is not shown yet still shows nothing after a while, it is handed over once more: the
 * same text, so the same tag, which replaces rather than adds (push-handlers.ts). A worker that
 * mishandles the push shows nothing the second time either, and the spec's own check fails.
 */
export async function deliverPush(context: BrowserContext, page: Page, origin: string, data: string): Promise<void> {
  const tag = tagOf(data);
  const fresh = tag !== undefined && !(await shows(page, tag, 0));
  const send = await pushSender(context, page, origin);
  await send(data);
  if (!fresh || (await shows(page, tag, ARRIVAL_MS))) return;
  test.info().annotations.push({ type: 'push handed over again', description: `nothing tagged ${tag} showed within ${ARRIVAL_MS} ms` });
  await send(data);
}

/** How long a push may take to show before it is handed over again (generous: a loaded machine). */
const ARRIVAL_MS = 5_000;

function tagOf(data: string): string | undefined {
  try {
    const tag = (JSON.parse(data) as { tag?: unknown }).tag;
    return typeof tag === 'string' ? tag : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a notification tagged `tag` shows, waiting up to `ms` for it. */
async function shows(page: Page, tag: string, ms: number): Promise<boolean> {
  const shown = () => page.evaluate(async (tag) => (await (await navigator.serviceWorker.ready).getNotifications({ tag })).length > 0, tag);
  if (ms === 0) return shown();
  try {
    await expect.poll(shown, { timeout: ms }).toBe(true);
    return true;
  } catch {
    return false;
  }
}

/** A DevTools session that hands pushes to the worker registered for `origin`. */
async function pushSender(context: BrowserContext, page: Page, origin: string): Promise<(data: string) => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  const id = new Promise<string>((found) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
      const reg = registrations.find((r) => !r.isDeleted);
      if (reg) found(reg.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await id;
  // Not detached here: the command returns before the worker has shown the notification, and
  // leaving the ServiceWorker domain at once may end the push event on a slow machine (a push then
  // showed nothing, twice in ~36 loaded runs). The session ends with its page.
  return async (data) => {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
  };
}

/** The notifications the worker shows: body, tag and its buttons' titles. */
export const shownNotifications = (worker: Worker) =>
  worker.evaluate(() =>
    (self as unknown as WorkerScope).registration
      .getNotifications()
      .then((all) => all.map((n) => ({ body: n.body, tag: n.tag, actions: (n as Notification & { actions: { title: string }[] }).actions.map((a) => a.title) }))),
  );

/** Presses a button of the notification shown (the one with `tag`, if given), `times` times at once (a double press is two). */
export const pressNotification = (worker: Worker, action: string, times = 1, tag?: string) =>
  worker.evaluate(
    async ({ action, times, tag }) => {
      const sw = self as unknown as WorkerScope;
      const notification = (await sw.registration.getNotifications(tag === undefined ? undefined : { tag }))[0]!;
      for (let n = 0; n < times; n += 1) sw.dispatchEvent(new NotificationEvent('notificationclick', { notification, action }));
    },
    { action, times, tag },
  );

/** A tap on the notification with `tag` itself, not on a button. */
export const tapNotification = (worker: Worker, tag: string) =>
  worker.evaluate(async (tag) => {
    const sw = self as unknown as WorkerScope;
    const [notification] = await sw.registration.getNotifications({ tag });
    sw.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
  }, tag);

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
