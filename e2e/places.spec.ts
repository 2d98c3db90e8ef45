import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { openCollie } from '../src/agent/kit';
import type { Answer } from '../src/wire/types';
import { pairPhone } from './support/pair';
import { scratch, startBridge, writeSources } from './support/processes';
import { stopAfterEach } from './support/started';

/**
 * The phone as a place to come back to: screens name themselves and take focus, Back returns to
 * the same scroll, a half-filled form survives a reload, and a tap while offline sends nothing.
 */
const run = stopAfterEach();

async function setUp(page: import('@playwright/test').Page, panes = 1) {
  const dirs = (run.dirs = await scratch());
  const socket = join(dirs.socketDir, 'desk', 'app.sock');
  const agent = (run.agent = await openCollie({ socket, hostName: 'desk', caps: { asks: true }, log: () => {} }));
  const tab = agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' });
  const first = tab.pane('p', { title: 'Release' });
  for (let n = 2; n <= panes; n += 1) tab.pane(`p${n}`, { title: `Pane ${n}` });
  const answers: Answer[] = [];
  void first
    .ask({
      kind: 'form',
      toolCallId: 'release',
      title: 'Release details',
      fields: [
        { id: 'version', label: 'Version', type: 'text', required: true },
        { id: 'notes', label: 'Notes', type: 'text', required: true },
      ],
    })
    .then(
      (a) => answers.push(a),
      () => {},
    );
  agent.ready();
  await writeSources(dirs.configDir, [{ name: 'desk', kind: 'durable', socket }]);
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  return { url: started.url, answers };
}

test('each screen names itself and takes focus at its heading; Back returns to the same scroll', async ({ page }) => {
  const { url } = await setUp(page, 40);
  await expect(page).toHaveTitle('Collie');
  await page.getByRole('region', { name: 'Durable agents' }).getByRole('link', { name: /desk/ }).click();
  await expect(page).toHaveTitle('desk · Collie');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeFocused();
  const row = page.getByRole('link', { name: /Pane 30/ });
  await row.scrollIntoViewIfNeeded();
  const scrolledTo = await page.evaluate(() => window.scrollY);
  expect(scrolledTo).toBeGreaterThan(0);
  const rowTop = await row.evaluate((a) => Math.round(a.getBoundingClientRect().top));
  await row.click();
  await expect(page).toHaveTitle('Pane 30 · desk · Collie');
  // Where the row is in each frame that paints it on the way back: an IntersectionObserver's entry
  // holds the row's place as that frame's rendering computed it (a new row's first entry comes
  // from its first painted frame), so a list drawn first at another place, and the row moving
  // under a tap, both show. (A probe run as a task after a frame could read a change not yet painted.)
  await page.evaluate(() => {
    const tops: number[] = ((window as unknown as { tops_: number[] }).tops_ = []);
    const painted = new IntersectionObserver((entries) => entries.forEach((e) => tops.push(Math.round(e.boundingClientRect.top))), { threshold: [0, 0.5, 1] });
    const watched = new WeakSet<Element>();
    new MutationObserver(() => {
      const shown = location.hash === '#/agent/desk' ? document.querySelector('a[href$="/chat/p30"]') : null;
      if (shown && !watched.has(shown)) {
        watched.add(shown);
        painted.observe(shown);
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.goBack();
  await expect(page).toHaveTitle('desk · Collie');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolledTo);
  await expect.poll(() => page.evaluate(() => (window as unknown as { tops_: number[] }).tops_.length)).toBeGreaterThan(0);
  const tops = await page.evaluate(() => (window as unknown as { tops_: number[] }).tops_);
  expect(new Set(tops)).toEqual(new Set([rowTop]));
  await page.goto(`${url}#/settings`);
  await expect(page).toHaveTitle('This phone · Collie');
});

test('a half-filled form is kept across a reload, and is gone once sent', async ({ page }) => {
  const { url, answers } = await setUp(page);
  await page.goto(`${url}#/agent/desk/chat/p`);
  const card = page.getByRole('article', { name: 'Release details' });
  await card.getByRole('textbox', { name: /Version/ }).fill('2.0.1');
  await page.reload();
  await expect(card.getByRole('textbox', { name: /Version/ })).toHaveValue('2.0.1');
  await card.getByRole('textbox', { name: /Notes/ }).fill('fixes login');
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card).toHaveCount(0);
  await expect.poll(() => answers).toEqual([{ values: { version: '2.0.1', notes: 'fixes login' } }]);
  const drafts = await page.evaluate(() => localStorage.getItem('collie.drafts.v1') ?? '');
  expect(drafts).not.toContain('2.0.1');
});

test('a tap while offline sends nothing and says so, with no Try again', async ({ page, context }) => {
  const { url, answers } = await setUp(page);
  await page.goto(`${url}#/agent/desk/chat/p`);
  const card = page.getByRole('article', { name: 'Release details' });
  await card.getByRole('textbox', { name: /Version/ }).fill('3.0.0');
  await card.getByRole('textbox', { name: /Notes/ }).fill('offline try');
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
  await context.setOffline(true);
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card).toContainText('You are offline. Nothing was sent.');
  await expect(card.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  expect(posts).toEqual([]);
  await context.setOffline(false);
  await expect(card).not.toContainText('You are offline'); // said only while offline
  expect(answers).toEqual([]);
});
