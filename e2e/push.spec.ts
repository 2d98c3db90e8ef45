import { devices, expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { openCollie, type Collie, type PaneHandle } from '../src/agent/kit';
import { startBridge, type RunningBridge } from '../src/bridge/bridge';
import { PUSH_LIMITS } from '../src/wire/limits';
import { startPushService, type TestPushService } from '../src/bridge/testing/push-service';
import { standInPushManager } from './support/push-stand-in';
import { NOTIFICATION_LOCK } from '../src/app/pwa/service-worker/notification-turn';
import { deliverPush, phoneWorker, tapNotification } from './support/push-worker';
import { pairAnotherPhone, pairPhone } from './support/pair';
import { scratch } from './support/processes';
import { stopAfterEach } from './support/started';

/**
 * Notifications for questions, end to end: the bridge (in this process, trusting the test's own
 * push service) pushes a new ask; the push service decrypts it with the subscription's keys; the
 * decrypted payload is handed to the phone's service worker over CDP
 * (`ServiceWorker.deliverPushMessage`), as a browser's push service would; the worker's
 * notification is read back with `registration.getNotifications()`, and a tap on it is a
 * `notificationclick` dispatched inside the worker (no OS notification to click headless).
 * Headless Chromium cannot subscribe at a real push service, so the phone's subscription is
 * registered with the bridge through its API with the paired page's cookie.
 */
/** The worker's globals these tests touch (the e2e tsconfig has the DOM's types, not the WebWorker ones). */
type WorkerScope = { registration: ServiceWorkerRegistration; navigator: { locks: { request<T>(name: string, work: () => Promise<T>): Promise<T> } } };

const BUILT = resolve(import.meta.dirname, '..', 'dist', 'app');
let dirs: Awaited<ReturnType<typeof scratch>>;
let service: TestPushService;
let agent: Collie;
let bridge: RunningBridge;
let pane: PaneHandle;

// The bridge runs in this process: it, the agent and the push service are given to `later`, the
// bridge last, so it stops first.
const run = stopAfterEach();

test.beforeEach(async () => {
  dirs = run.dirs = await scratch();
  await mkdir(join(dirs.root, 'ca'));
  service = await startPushService(join(dirs.root, 'ca'));
  run.later(() => service.close());
  const socket = join(dirs.socketDir, 'desk', 'app.sock');
  agent = await openCollie({ socket, hostName: 'desk', caps: { asks: true }, log: () => {} });
  run.later(() => agent.close());
  pane = agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Release' });
  agent.ready();
});

const start = async (host = '127.0.0.1') => {
  bridge = await startBridge({
    sources: [{ name: 'desk', address: { kind: 'socket', path: join(dirs.socketDir, 'desk', 'app.sock') } }],
    durable: true,
    stateDir: dirs.stateDir,
    host,
    port: 0,
    appDir: BUILT,
    log: () => {},
    push: { agent: service.agent, hosts: [service.host] },
  });
  run.later(() => bridge.close());
  return bridge;
};

async function pairedWithWorker(page: Page, context: BrowserContext): Promise<Worker> {
  await pairPhone(page, bridge.invite().link);
  return phoneWorker(page, context);
}

/** Read in the app's turn, as push-worker.ts reads them (a read while the worker shows one loses that one). */
const shown = (worker: Worker) =>
  worker.evaluate(async (lock) => {
    const sw = self as unknown as WorkerScope;
    const all = await sw.navigator.locks.request(lock, () => sw.registration.getNotifications());
    return all.map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, actions: (n as Notification & { actions: unknown[] }).actions.length }));
  }, NOTIFICATION_LOCK);

test('a push for a new ask shows its notification (agent as title, ask as body, tag per ask), and a tap opens the chat at its card', async ({ page, context }) => {
  const { url } = await start();
  await context.grantPermissions(['notifications'], { origin: new URL(url).origin });
  const worker = await pairedWithWorker(page, context);
  const sub = service.subscribe();
  expect((await page.request.post(`${url}api/push/subscription`, { data: sub.json })).status()).toBe(200);

  void pane.ask({ kind: 'choice', toolCallId: 'ship', title: 'Ship v2 to production?', multiple: false, options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
  await bridge.agents.get('desk')!.poller.poll();
  const [push] = await service.waitFor(1);
  const payload = push!.json as { tag: string; askId: string };

  await deliverPush(context, page, new URL(url).origin, push!.text);
  // Its one option is a button too (push-answers.spec.ts presses them); a tap on the notification itself opens the card.
  await expect.poll(() => shown(worker)).toEqual([{ title: 'desk', body: 'Ship v2 to production?', tag: payload.tag, icon: `${new URL(url).origin}/icon-192.png`, actions: 1 }]);

  // The tap, on the dashboard: the open window shows the chat at the card, and the notification goes.
  await page.goto(`${url}#/`);
  await tapNotification(worker, payload.tag);
  await expect(page).toHaveURL(`${url}#/agent/desk/chat/p/ask/${encodeURIComponent(payload.askId)}`);
  const card = page.getByRole('article', { name: 'Ship v2 to production?' });
  await expect(card.getByRole('button', { name: 'Yes' })).toBeFocused();
  await expect(card).toBeInViewport();
  await expect.poll(() => shown(worker)).toEqual([]);
});

const notifySwitch = (page: Page) => page.getByRole('switch', { name: 'Notify me about questions' });
const notifyState = (page: Page) => page.locator('#notify-state');

test('the settings switch: off until tapped; the browser’s own words when it cannot subscribe; blocked by the browser', async ({ page, context }) => {
  const { url } = await start();
  const origin = new URL(url).origin;
  await pairedWithWorker(page, context);
  await page.goto(`${url}#/settings`);
  await expect(notifySwitch(page)).not.toBeChecked();
  await expect(notifyState(page)).toHaveText('Off: questions show in the app only.');
  expect(await page.evaluate(() => Notification.permission)).toBe('default'); // nothing asked before a tap

  // Headless Chromium has no push service: subscribing fails, and the switch says so and stays off.
  await context.grantPermissions(['notifications'], { origin });
  await notifySwitch(page).click();
  await expect(notifyState(page)).toHaveText(/^Notifications could not be turned on: .+/);
  await expect(notifySwitch(page)).not.toBeChecked();

  // The person blocks the site in the browser's settings (this test's browser context, not the default one).
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin, browserContextId: targetInfo.browserContextId });
  await page.reload();
  await expect(notifyState(page)).toHaveText(/^Blocked by the browser: allow notifications for this site/);
});

test('the settings switch on (the browser’s subscribe answered by the test’s push service), the test notification, and off again', async ({ page, context }) => {
  const { url } = await start();
  const origin = new URL(url).origin;
  const sub = service.subscribe();
  await standInPushManager(page, sub.json);
  await context.grantPermissions(['notifications'], { origin });
  const worker = await pairedWithWorker(page, context);
  await page.goto(`${url}#/settings`);
  await notifySwitch(page).click();
  await expect(notifySwitch(page)).toBeChecked();
  await expect(notifyState(page)).toHaveText(/^On: a new question shows on this phone/);
  expect(bridge.push.subscriptions.all().map((s) => s.endpoint)).toEqual([sub.json.endpoint]);

  await page.getByRole('button', { name: 'Send a test notification' }).click();
  await expect(page.getByText('Sent: it should show in a moment.')).toBeVisible();
  const [push] = await service.waitFor(1);
  await deliverPush(context, page, origin, push!.text);
  await expect
    .poll(() => shown(worker))
    .toEqual([{ title: 'Collie', body: 'Notifications from Collie work on this phone.', tag: 'collie-test', icon: `${origin}/icon-192.png`, actions: 0 }]);

  await notifySwitch(page).click();
  await expect(notifySwitch(page)).not.toBeChecked();
  await expect(notifyState(page)).toHaveText('Off: questions show in the app only.');
  expect(bridge.push.subscriptions.all()).toEqual([]);
});

test('a push service that keeps failing: the test says not sent, the bridge stops after three, the switch says stopped, and on again works', async ({ page, context }) => {
  const { url } = await start();
  const origin = new URL(url).origin;
  const sub = service.subscribe();
  await standInPushManager(page, sub.json);
  await context.grantPermissions(['notifications'], { origin });
  await pairedWithWorker(page, context);
  await page.goto(`${url}#/settings`);
  await notifySwitch(page).click();
  await expect(notifySwitch(page)).toBeChecked();

  service.answer(sub.id, 500);
  const testButton = page.getByRole('button', { name: 'Send a test notification' });
  for (let n = 1; n < PUSH_LIMITS.failuresBeforeDrop; n += 1) {
    await testButton.click();
    await expect(page.getByText("Not sent: this phone's push service did not take it.")).toBeVisible();
    await expect(notifySwitch(page)).toBeChecked();
  }
  await testButton.click();
  await expect(notifyState(page)).toHaveText(/^Stopped: this phone's push service did not take Collie's notifications/);
  await expect(notifySwitch(page)).not.toBeChecked();
  await expect(testButton).toHaveCount(0);
  expect(bridge.push.subscriptions.all()).toEqual([]);
  // For a person to look at: the stopped state, light and dark, in each language.
  for (const language of ['en', 'zh-CN', 'ru'] as const) {
    await page.getByRole('combobox').selectOption(language);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `test-results/push/stopped-${language}-${colorScheme}.png` });
    }
  }
  await page.getByRole('combobox').selectOption('');

  service.answer(sub.id, 201);
  await notifySwitch(page).click();
  await expect(notifySwitch(page)).toBeChecked();
  await expect(notifyState(page)).toHaveText(/^On: a new question shows on this phone/);
  expect(bridge.push.subscriptions.all().map((s) => s.endpoint)).toEqual([sub.json.endpoint]);
});

test('the settings switch cannot be on over plain HTTP, nor on an iPhone outside the Home Screen, and says why', async ({ page, browser }) => {
  // The machine's own name over HTTP: a name (not this machine's loopback) is not a secure context.
  const port = new URL((await start('0.0.0.0')).url).port;
  const plain = `http://${hostname()}:${port}`;
  await pairPhone(page, `${plain}/${new URL(bridge.invite().link).hash}`);
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  await page.goto(`${plain}/#/settings`);
  await expect(notifyState(page)).toHaveText(/^Notifications need HTTPS/);
  await expect(notifySwitch(page)).toBeDisabled();

  const iphone = await browser.newContext({ ...devices['iPhone 13'] });
  try {
    const phone = await iphone.newPage();
    await pairAnotherPhone(phone, bridge.invite().link.replace('0.0.0.0', '127.0.0.1'), page);
    await phone.goto(`http://127.0.0.1:${port}/#/settings`);
    await expect(notifyState(phone)).toHaveText(/^On an iPhone, notifications need Collie on the Home Screen/);
    await expect(notifySwitch(phone)).toBeDisabled();
  } finally {
    await iphone.close();
  }
});
