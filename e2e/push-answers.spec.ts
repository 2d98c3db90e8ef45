import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AskSpec } from '../src/agent/kit';
import { standInPushManager } from './support/push-stand-in';
import { keptPresses, pressNotification, shownNotifications } from './support/push-worker';
import { clippedWords, noViolations } from './support/axe';
import { pushRig } from './support/push-rig';

/**
 * Answering from a notification, end to end, as push.spec.ts drives notifications: the bridge (in
 * this process) pushes to the test's own push service, which decrypts each push; the payload is
 * handed to the phone's service worker over CDP (`ServiceWorker.deliverPushMessage`); the
 * notification is read back with `registration.getNotifications()`, and a press on one of its
 * buttons is a `notificationclick` with that `action`, dispatched inside the worker (headless,
 * there is no OS notification to press). The agent is a real kit agent behind a proxy that records
 * every answer it is sent, with its request id.
 */
const rig = pushRig();
const { start, phone, pushAsk } = rig;
const live = () => rig.bridge();

const requestIds = () => rig.proxy.answers().map((r) => (JSON.parse(r.body) as { requestId: string }).requestId);

const SHIP: AskSpec = {
  kind: 'choice',
  toolCallId: 'ship',
  title: 'Ship v2?',
  multiple: false,
  options: [
    { id: 'y', label: 'Yes' },
    { id: 'n', label: 'No' },
  ],
};

test('a pushed choice shows its options as buttons; a double press answers once, with the worker’s request id, and says so; the audit line and the chat agree', async ({
  page,
  context,
}) => {
  await start();
  const { url, origin, worker } = await phone(page, context);
  const { asked, push } = await pushAsk(context, page, origin, SHIP);
  await expect.poll(() => shownNotifications(worker)).toEqual([{ body: 'Ship v2?', tag: push.tag, actions: ['Yes', 'No'] }]);

  await pressNotification(worker, 'y', 2);
  await expect.poll(() => shownNotifications(worker)).toEqual([{ body: 'Answered: Yes\nShip v2?', tag: push.tag, actions: [] }]);
  expect(await asked).toEqual({ optionIds: ['y'] });
  const [kept] = await keptPresses(worker);
  expect(requestIds()).toEqual([kept!.requestId]);

  const audit = (await readFile(join(rig.stateDir, 'audit.log'), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(audit.filter((line) => line.event === 'answer')).toEqual([
    expect.objectContaining({ requestId: kept!.requestId, result: 'taken', via: 'notification', optionIds: ['y'] }),
  ]);
  await page.goto(`${url}#/agent/desk/chat/p`);
  await expect(page.locator('ol.entries')).toContainText('Answered: Yes');
});

test('the question changed before the press: stale, nothing reaches the agent, the notification and the card say so', async ({ page, context }) => {
  await start();
  const { url, origin, worker } = await phone(page, context);
  await pushAsk(context, page, origin, SHIP);
  await expect.poll(async () => (await shownNotifications(worker))[0]?.actions).toEqual(['Yes', 'No']);
  rig.pane.reviseAsk('ship', { title: 'Ship v3?' });
  await live().agents.get('desk')!.poller.poll();

  await pressNotification(worker, 'y');
  await expect.poll(async () => (await shownNotifications(worker))[0]?.body).toBe('This question changed. Open it to read it again.\nShip v2?');
  expect(rig.proxy.answers()).toEqual([]);
  expect(rig.agent.state.panes.get('p')!.openAsks.size).toBe(1);
  await page.goto(`${url}#/agent/desk/chat/p`);
  await expect(page.getByRole('article', { name: 'Ship v3?' })).toContainText('This question changed. Read it again before you tap an option.');
});

test('the bridge down: not sure, never sent again by the worker; the app offers Try again under the same id, which answers once', async ({ page, context }) => {
  const port = Number(new URL((await start()).url).port);
  const { url, origin, worker } = await phone(page, context);
  const { asked } = await pushAsk(context, page, origin, SHIP);
  await expect.poll(async () => (await shownNotifications(worker))[0]?.actions).toEqual(['Yes', 'No']);
  await rig.stop();

  await pressNotification(worker, 'y');
  await expect.poll(async () => (await shownNotifications(worker))[0]?.body).toBe('Not sure the answer arrived. Open the app to try again.\nShip v2?');
  const [kept] = await keptPresses(worker);
  expect(kept).toMatchObject({ state: 'unknown' });
  await pressNotification(worker, 'y'); // pressed again: still nothing new
  await start(port);
  await live().agents.get('desk')!.poller.poll();
  expect(rig.proxy.answers()).toEqual([]); // the bridge is back, and the worker sent nothing by itself

  await page.goto(`${url}#/agent/desk/chat/p`);
  const card = page.getByRole('article', { name: 'Ship v2?' });
  await expect(card).toContainText('Not sure the answer arrived. Try again sends it once more.');
  await card.getByRole('button', { name: 'Try again' }).click();
  expect(await asked).toEqual({ optionIds: ['y'] });
  expect(requestIds()).toEqual([kept!.requestId]);
});

const PERMISSION = (toolCallId: string): AskSpec => ({
  kind: 'permission',
  toolCallId,
  title: 'Run the tests',
  tool: { name: 'bash', input: { command: 'npm test' } },
  options: [
    { id: 'once', label: 'Yes', effect: 'allow' },
    { id: 'always', label: 'Always', effect: 'allow-always' },
    { id: 'no', label: 'No', effect: 'deny' },
  ],
});

const answerSwitch = (page: Page) => page.getByRole('switch', { name: 'Answer from notifications' });
const permissionSwitch = (page: Page) => page.getByRole('switch', { name: 'Allow or deny tools from notifications' });

test('a permission: no buttons until the person turns them on in Settings, then Allow once and Deny only', async ({ page, context }) => {
  await start();
  // Before the app's first page: the stand-in is in place when it loads.
  const sub = rig.service.subscribe();
  await standInPushManager(page, sub.json);
  const { url, origin, worker } = await phone(page, context, 'control', sub);
  await page.goto(`${url}#/settings`);
  await page.getByRole('switch', { name: 'Notify me about questions' }).click();
  await expect(answerSwitch(page)).toBeChecked();
  await expect(permissionSwitch(page)).not.toBeChecked();

  const first = await pushAsk(context, page, origin, PERMISSION('first'));
  await expect.poll(() => shownNotifications(worker)).toEqual([{ body: 'bash wants to run: npm test', tag: first.push.tag, actions: [] }]);

  await permissionSwitch(page).click();
  await expect(permissionSwitch(page)).toBeChecked();
  const second = await pushAsk(context, page, origin, PERMISSION('second'));
  await expect.poll(async () => (await shownNotifications(worker)).find((n) => n.tag === second.push.tag)?.actions).toEqual(['Allow once', 'Deny']);
  await pressNotification(worker, 'once', 1, second.push.tag);
  await expect.poll(async () => (await shownNotifications(worker)).find((n) => n.tag === second.push.tag)?.body).toBe('Answered: Allow once\nbash wants to run: npm test');
  expect(await second.asked).toEqual({ optionIds: ['once'] });
  expect(rig.proxy.answers()).toHaveLength(1);
});

test('a watching phone gets no buttons: its pushes carry nothing to answer with', async ({ page, context }) => {
  await start();
  const { origin, worker } = await phone(page, context, 'watch');
  const { push } = await pushAsk(context, page, origin, SHIP);
  expect(push.answer).toBeUndefined();
  await expect.poll(() => shownNotifications(worker)).toEqual([{ body: 'Ship v2?', tag: push.tag, actions: [] }]);
});

test('the settings’ answer switches in every language, light and dark: axe finds nothing, no words cut off at 200 % text size', async ({ page, context }) => {
  await start();
  const sub = rig.service.subscribe();
  await standInPushManager(page, sub.json);
  const { url } = await phone(page, context, 'control', sub);
  await page.goto(`${url}#/settings`);
  await page.getByRole('switch', { name: 'Notify me about questions' }).click();
  await expect(answerSwitch(page)).toBeChecked();
  for (const language of ['en', 'zh-CN', 'ru'] as const) {
    await page.getByRole('combobox').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.locator('.answer-section').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/push-answers/settings-${language}-${colorScheme}.png` });
      await noViolations(page, `settings ${colorScheme}`);
    }
  }
  await page.setViewportSize({ width: 206, height: 458 });
  await page.locator('.answer-section').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/push-answers/settings-ru-200.png' });
  expect(await clippedWords(page, '.answer-section, .answer-section *')).toEqual([]);
});
