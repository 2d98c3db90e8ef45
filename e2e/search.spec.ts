import { expect, test, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openCollie, type Collie } from '../src/agent/kit';
import { clippedWords, noViolations } from './support/axe';
import { crewOfTwo } from './support/crew';
import { pairPhone } from './support/pair';
import { scratch, startBridge, writeSources } from './support/processes';
import { stopAfterEach } from './support/started';

/**
 * Search, as a person finds "the chat where it said the migration failed": a crew of two real
 * bridges (processes, HTTPS), each with a kit agent that keeps history; the phone paired to the
 * lead searches every agent's conversations, open and closed, on both machines, and opens a hit.
 */
const run = stopAfterEach();
const SHOTS = 'test-results/search';

const pane = (agent: Collie, id: string, title: string) => agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane(id, { title });

/** A long conversation whose one line about the migration is far above its end. */
function longDeploy(agent: Collie): void {
  const deploy = pane(agent, 'deploy', 'Deploy');
  deploy.item({ id: 'said', kind: 'markdown', text: '**The migration failed** on `users`: a column is missing.' });
  for (let i = 0; i < 60; i += 1) deploy.item({ id: `filler-${i}`, kind: 'reply', text: `Step ${i} of the rollout went fine.` });
}

const searchBox = (page: Page) => page.locator('input.search-box');
const results = (page: Page) => page.locator('.search-results');

test('one search finds open and closed conversations on both machines; a tap opens the chat at that entry, Back keeps the results; nothing found says so', async ({ browser }) => {
  const { lead, member } = await crewOfTwo(run);
  const old = pane(lead.agent, 'old', 'Last week');
  old.item({ id: 'twice', kind: 'reply', text: 'The migration failed twice, then it passed.' });
  longDeploy(lead.agent);
  lead.agent.ready();
  pane(member.agent, 'nightly', 'Nightly build').item({
    id: 'ci',
    kind: 'tool',
    toolCallId: 'c1',
    name: 'bash',
    summary: 'npm run migrate',
    output: 'migration failed: timeout',
    status: 'failed',
  });
  member.agent.ready();
  old.close();

  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  run.later(() => context.close());
  const page = await context.newPage();
  await pairPhone(page, lead.link);
  await expect(page.locator('[data-agent="desk@build-box"][data-status="ok"]')).toBeVisible();

  await page.getByRole('link', { name: 'Search' }).click();
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).fill('Migration FAILED');
  // Grouped by agent and machine, newest first; each hit with its words marked.
  const here = results(page).getByRole('region', { name: 'desk', exact: true });
  const there = results(page).getByRole('region', { name: 'desk@build-box' });
  await expect(here.locator('.search-title .marked')).toHaveText(['Deploy', 'Last week']);
  await expect(here.locator('.search-title .search-closed')).toHaveText(['Closed']); // only the second
  await expect(there.locator('.search-title')).toHaveText(['Nightly build']);
  await expect(there.getByRole('heading')).toHaveText('desk · build-box');
  await expect(here.locator('.search-hits mark').first()).toHaveText('migration');
  await expect(there.locator('.search-hits')).toContainText('bash npm run migrate migration failed: timeout');
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'results-en-light.png'), fullPage: true });
  await noViolations(page, 'search results');

  // A tap on the hit: the chat opens at that line, ringed, though it is far above the chat's end.
  await here.getByRole('link', { name: /The migration failed on users/ }).click();
  await expect(page).toHaveURL(/#\/agent\/desk\/chat\/deploy\/entry\/said$/);
  const found = page.locator('ol.entries > [data-found]');
  await expect(found).toContainText('The migration failed');
  await expect(found).toBeInViewport();
  await page.screenshot({ path: join(SHOTS, 'opened-at-hit-en-light.png') });

  // Back: the same words and results.
  await page.goBack();
  await expect(searchBox(page)).toHaveValue('Migration FAILED');
  await expect(here.locator('.search-title .marked')).toHaveText(['Deploy', 'Last week']);

  // The closed conversation opens read-only at its entry.
  await here.getByRole('link', { name: /failed twice/ }).click();
  await expect(page).toHaveURL(/#\/agent\/desk\/closed\/[^/]+\/entry\/twice$/);
  await expect(page.locator('ol.entries > [data-found]')).toContainText('The migration failed twice');

  // Nothing found.
  await page.goBack();
  await searchBox(page).fill('zebra');
  await expect(results(page)).toContainText('No results for “zebra”.');
});

test('offline, it searches the chats this phone keeps and says so', async ({ page }) => {
  // Over plain HTTP on this machine: a browser keeps no worker for an origin whose certificate it had to be told to ignore.
  const dirs = (run.dirs = await scratch());
  const socket = join(dirs.socketDir, 'desk', 'app.sock');
  const agent = (run.agent = await openCollie({ socket, hostName: 'desk', caps: { asks: true, history: true }, log: () => {} }));
  longDeploy(agent);
  agent.ready();
  await writeSources(dirs.configDir, [{ name: 'desk', kind: 'durable', socket }]);
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  // The chat is read once, so the phone keeps it.
  await page.locator('[data-agent="desk"]').click();
  await page
    .getByRole('link', { name: /Deploy/ })
    .first()
    .click();
  await expect(page.locator('ol.entries')).toContainText('Step 59 of the rollout');
  // The app is installed (its worker keeps every file), and the phone loses its network.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.context().setOffline(true);
  await page.getByRole('link', { name: 'Search' }).click();
  await searchBox(page).fill('migration');
  await expect(results(page)).toContainText('Offline: only the chats this phone keeps were searched.');
  await expect(results(page).locator('.search-title')).toHaveText(['Deploy']);
  await page.screenshot({ path: join(SHOTS, 'offline-en-light.png') });
});

test('the search screen in every language, light and dark: axe finds nothing, no words cut off', async ({ browser }) => {
  const { lead } = await crewOfTwo(run);
  longDeploy(lead.agent);
  lead.agent.ready();
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  run.later(() => context.close());
  const page = await context.newPage();
  await pairPhone(page, lead.link);
  // Searched once the bridge has read the agent: before that, "No results" is the true answer.
  await expect(page.locator('[data-agent="desk"][data-status="ok"]')).toBeVisible();
  await mkdir(SHOTS, { recursive: true });
  for (const language of ['en', 'zh-CN', 'ru'] as const) {
    await page.goto(`${new URL(page.url()).origin}/#/settings`);
    await page.getByRole('combobox').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.locator('header a.search-link').click();
    await searchBox(page).fill('migration');
    await expect(results(page).locator('mark').first()).toBeVisible();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: join(SHOTS, `results-${language}-${colorScheme}.png`), fullPage: true });
      await noViolations(page, `search ${language} ${colorScheme}`);
    }
    expect(await clippedWords(page, '.search-results *, header *')).toEqual([]);
    await searchBox(page).fill('zebra');
    await expect(results(page).locator('.search-none')).toBeVisible();
    await page.screenshot({ path: join(SHOTS, `none-${language}.png`) });
  }
});
