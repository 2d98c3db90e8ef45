import { expect, test, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { clippedWords, noViolations } from './support/axe';
import { crewOfTwo } from './support/crew';
import { pairPhone } from './support/pair';
import { collie } from './support/processes';
import { stopAfterEach } from './support/started';
import { inLanguage, LANGUAGES, say } from './support/words';

/**
 * One phone, several machines: a phone paired with the lead of a crew (two real bridges on this
 * machine, loopback HTTPS with a test CA) sees both machines' agents, grouped by machine.
 */
const SHOTS = join(import.meta.dirname, '..', 'test-results', 'crew');

const run = stopAfterEach();

const group = (page: Page, label: string) => page.locator(`section.machine-group[data-machine="${label}"]`);

test("the lead's phone sees the member's agents under its label, answers its card once, sends and stops there, sees it stop and come back, and loses it on crew remove", async ({
  browser,
}) => {
  const { lead, member } = await crewOfTwo(run);
  const asked = member.agent
    .workspace('w', { title: 'W' })
    .tab('t', { title: 'T' })
    .pane('p', { title: 'Deploy' })
    .ask({ kind: 'choice', toolCallId: 'ship', title: 'Ship it?', multiple: false, options: [{ id: 'y', label: 'Yes' }] });
  asked.catch(() => {});
  // A send runs a turn until the person stops it; what the agent is told is counted.
  const sends: string[] = [];
  member.agent.handle({
    send: (turn) =>
      new Promise<void>((resolve) => {
        sends.push(turn.requestId);
        turn.turn.signal.addEventListener('abort', () => resolve());
      }),
  });
  member.agent.ready();
  lead.agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Notes' });
  lead.agent.ready();

  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  run.later(() => context.close());
  const page = await context.newPage();
  await pairPhone(page, lead.link);

  // Grouped by machine: this one's desk, and the member's desk under its label; its ask in Needs you.
  await expect(group(page, '').locator('[data-agent="desk"]')).toBeVisible();
  await expect(group(page, 'build-box').locator('[data-agent="desk@build-box"][data-status="ok"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'build-box' })).toBeVisible();
  await expect(page.locator('[data-inbox-agent="desk@build-box"]')).toContainText('Ship it?');
  await noViolations(page, 'dashboard grouped by machine');
  expect(await clippedWords(page, '.machine-group h3, .agent-name, .agent-meta')).toEqual([]);
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'en-light-dashboard-live.png'), fullPage: true });

  // Its list and chat, read through the lead, with the card as the member's agent asked it:
  // answered once (the agent hears one answer), then a send and a stop, all through the lead.
  await group(page, 'build-box').locator('[data-agent="desk@build-box"]').click();
  await page.getByRole('link', { name: /Deploy/ }).click();
  const card = page.getByRole('article', { name: 'Ship it?' });
  await card.getByRole('button', { name: 'Yes' }).click();
  await expect(card).toHaveCount(0);
  expect(await asked).toEqual({ optionIds: ['y'] });
  const composer = page.getByRole('region', { name: 'Write to the agent' });
  await composer.getByLabel('Message', { exact: true }).fill('deploy to staging');
  await composer.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(composer).toContainText('Sent.');
  await composer.getByRole('button', { name: 'Stop' }).click();
  await expect(composer).toContainText('Stopped.');
  expect(sends).toHaveLength(1);
  await page.goto(`${lead.url}#/`);

  // The member stops: its agents show it is not answering, the lead's own stay live, no reload.
  await member.bridge.stop();
  await expect(group(page, 'build-box').locator('.machine-down')).toHaveText('build-box is not answering', { timeout: 20000 });
  await expect(group(page, 'build-box').locator('[data-agent="desk@build-box"]')).toHaveAttribute('data-status', 'unreachable');
  await expect(group(page, '').locator('[data-agent="desk"]')).toHaveAttribute('data-status', 'ok');
  await expect(page.locator('[data-inbox-agent="desk@build-box"]')).toHaveCount(0);

  await member.restart();
  await expect(group(page, 'build-box').locator('[data-agent="desk@build-box"]')).toHaveAttribute('data-status', 'ok', { timeout: 20000 });
  await expect(group(page, 'build-box').locator('.machine-down')).toHaveCount(0);

  expect((await collie(lead.dirs, ['crew', 'remove', 'build-box'])).code).toBe(0);
  await expect(page.locator('[data-agent="desk@build-box"]')).toHaveCount(0);
  await expect(page.locator('section.machine-group')).toHaveCount(0);
  await expect(page.locator('[data-agent="desk"]')).toBeVisible();
});

for (const { tag, code, words } of LANGUAGES) {
  test(
    `the dashboard grouped by machine, one not answering, in ${code}, light and dark: no violations, no words cut off even at 200 % text`,
    inLanguage(code),
    async ({ browser }) => {
      const { lead, member } = await crewOfTwo(run);
      for (const machine of [lead, member]) {
        machine.agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Notes' });
        machine.agent.ready();
      }
      const context = await browser.newContext({ ignoreHTTPSErrors: true, locale: tag });
      run.later(() => context.close());
      const page = await context.newPage();
      await pairPhone(page, lead.link);
      await expect(group(page, 'build-box').locator('[data-status="ok"]')).toBeVisible();
      await member.bridge.stop();
      const down = group(page, 'build-box').locator('.machine-down');
      await expect(down).toHaveText(say(words, 'reason.machineNotAnswering', { machine: 'build-box' }), { timeout: 20000 });
      await mkdir(SHOTS, { recursive: true });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await expect(page.getByRole('heading', { name: say(words, 'durable.thisMachine') })).toBeVisible();
        await noViolations(page, `dashboard grouped by machine, ${colorScheme}`);
        expect(await clippedWords(page, '.machine-group h3, .machine-down, .agent-name, .agent-meta, .agent-status')).toEqual([]);
        await page.screenshot({ path: join(SHOTS, `${code}-${colorScheme}-dashboard.png`), fullPage: true });
      }
      // At 200 % text size the machine's line and rows still fit, and the badge stays in its column.
      await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
      expect(await clippedWords(page, '.machine-group h3, .machine-down, .agent-name, .agent-meta, .agent-status, .agent-main')).toEqual([]);
      await page.screenshot({ path: join(SHOTS, `${code}-large-text-dashboard.png`), fullPage: true });
    },
  );
}
