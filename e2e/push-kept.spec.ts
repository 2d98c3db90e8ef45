import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import type { AskSpec } from '../src/agent/kit';
import { standInPushManager } from './support/push-stand-in';
import { pushRig } from './support/push-rig';
import { shownNotifications } from './support/push-worker';

/**
 * Notifications of questions still open stay until they are answered or closed, whatever screen
 * the app has open: the page withdraws a notification only against an inbox read after it was
 * shown, and the worker withdraws the ones each push names as closed.
 */
const rig = pushRig();

const question = (toolCallId: string): AskSpec => ({
  kind: 'choice',
  toolCallId,
  title: `Ship ${toolCallId}?`,
  multiple: false,
  options: [
    { id: 'y', label: 'Yes' },
    { id: 'n', label: 'No' },
  ],
});

/** Each question in a conversation of its own (a conversation pushes at most 3 a minute). */
const ask = (context: BrowserContext, page: Page, origin: string, id: string) =>
  rig.pushAsk(context, page, origin, question(id), rig.agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane(id, { title: id }));
const decide = async (id: string) => {
  rig.agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane(id, { title: id }).decide(id);
  await rig.bridge().agents.get('desk')!.poller.poll();
};

/** The bridge started, the phone paired with notifications turned on in Settings, as a person turns them on. */
async function notifyingPhone(page: Page, context: BrowserContext) {
  await rig.start();
  const sub = rig.service.subscribe();
  await standInPushManager(page, sub.json);
  const phone = await rig.phone(page, context, 'control', sub);
  await page.goto(`${phone.url}#/settings`);
  await page.getByRole('switch', { name: 'Notify me about questions' }).click();
  await expect(page.getByRole('switch', { name: 'Answer from notifications' })).toBeChecked();
  return phone;
}

const SCREENS = [
  ['the dashboard', '#/'],
  ['the agent’s conversations', '#/agent/desk'],
  ['the chat', '#/agent/desk/chat/p'],
  ['Settings', '#/settings'],
] as const;

const shownBodies = async (worker: Worker) => (await shownNotifications(worker)).map((n) => n.body).sort();

for (const [screen, hash] of SCREENS) {
  test(`the app open on ${screen}: open questions keep their notifications, a closed one’s goes`, async ({ page, context }) => {
    const { url, origin, worker } = await notifyingPhone(page, context);
    // The person comes by the dashboard, as the app opens, and goes on to the screen.
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Durable agents' })).toBeVisible();
    await page.evaluate((hash) => (location.hash = hash), hash);

    for (const id of ['one', 'two', 'three']) await ask(context, page, origin, id);
    await expect.poll(() => shownBodies(worker)).toEqual(['Ship one?', 'Ship three?', 'Ship two?']);
    // Minutes later on the page's clock: every notification shown is old enough to be withdrawn.
    await page.clock.setFixedTime(Date.now() + 120_000);
    await decide('two');
    // On the dashboard, the page takes the inbox without 'two' before 'four' is asked: with the page's
    // clock ahead, an inbox read before 'four' but taken after its notification showed would close it.
    if (hash === '#/') {
      const inbox = page.locator('section.inbox');
      await expect(inbox).toContainText('Ship three?');
      await expect(inbox).not.toContainText('Ship two?');
    }
    // The next question's push names 'two' as closed; the dashboard, if open, reads the inbox again.
    await ask(context, page, origin, 'four');
    await expect.poll(() => shownBodies(worker)).toEqual(['Ship four?', 'Ship one?', 'Ship three?']);
    // A question closed with no push to say so: the dashboard's inbox withdraws its notification;
    // elsewhere the next push does. Either way the questions still open keep theirs.
    await ask(context, page, origin, 'five');
    await decide('one');
    if (hash !== '#/') await ask(context, page, origin, 'six');
    const left = hash === '#/' ? [] : ['Ship six?'];
    await expect.poll(() => shownBodies(worker)).toEqual(['Ship five?', 'Ship four?', ...left, 'Ship three?']);
  });
}

test('an agent restarted: the question it raises again keeps its notification through the next push', async ({ page, context }) => {
  const { origin, worker } = await notifyingPhone(page, context);

  await rig.pushAsk(context, page, origin, question('one'));
  await expect.poll(() => shownBodies(worker)).toEqual(['Ship one?']);
  await rig.restartAgent();
  await rig.bridge().agents.get('desk')!.poller.poll(); // the agent back, with no question yet
  void rig.pane.ask(question('one')).catch(() => {});
  await rig.bridge().agents.get('desk')!.poller.poll();
  await ask(context, page, origin, 'two');
  await expect.poll(() => shownBodies(worker)).toEqual(['Ship one?', 'Ship two?']);
});
