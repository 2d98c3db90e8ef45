import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { openCollie, type Collie, type PaneHandle } from '../src/agent/kit';
import type { Caps } from '../src/wire/types';
import { pairPhone } from './support/pair';
import { scratch, startBridge, writeSources, type Proc } from './support/processes';

/**
 * The chat as a messenger, at phone size: a real kit agent on a private socket, the real bridge,
 * and Chromium scrolled only the way a person scrolls (or not at all).
 */
let dirs: Awaited<ReturnType<typeof scratch>>;
let bridge: Proc | undefined;
let collie: Collie | undefined;

test.afterEach(async () => {
  await collie?.close();
  collie = undefined;
  await bridge?.stop();
  bridge = undefined;
  await dirs.cleanup();
});

/** An agent with one long conversation, `items` long, alternating the person and the agent. */
async function longChat(page: Page, items: number, caps: Partial<Caps>): Promise<PaneHandle> {
  dirs = await scratch();
  const socket = join(dirs.socketDir, 'long', 'app.sock');
  collie = await openCollie({ socket, hostName: 'long', caps, log: () => {} });
  const pane = collie.workspace('w', { title: 'Work' }).tab('t', { title: 'Main' }).pane('p', { title: 'Long chat' });
  for (let i = 1; i <= items; i += 1) pane.item({ id: `m${i}`, kind: i % 4 === 0 ? 'user' : 'reply', text: `line ${i}` });
  collie.ready();
  await writeSources(dirs.configDir, [{ name: 'long', kind: 'durable', socket }]);
  const started = await startBridge(dirs);
  bridge = started.proc;
  await pairPhone(page, started.link);
  await page.goto(`${started.url}#/agent/long/chat/p`);
  return pane;
}

const row = (page: Page, text: string) => page.locator('ol.entries > li').filter({ hasText: new RegExp(`^${text}$`) });
/** Scrolls the way a person does (the wheel, not a script), and waits until the page has drawn the new place. */
async function wheel(page: Page, by: number) {
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, by);
  await expect.poll(() => page.evaluate(() => window.scrollY)).not.toBe(before);
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
}
const toTop = (page: Page) => wheel(page, -1_000_000);

test('a 2000-item chat opens at its newest item with the composer in view; new items follow the reader at the bottom, and raise a pill above', async ({ page }) => {
  const pane = await longChat(page, 2000, { send: true });
  await expect(row(page, 'line 2000')).toBeInViewport();
  await expect(page.getByLabel('Message')).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Long chat' })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  pane.item({ id: 'fresh-1', kind: 'reply', text: 'fresh 1' });
  await expect(row(page, 'fresh 1')).toBeInViewport();
  await expect(page.getByRole('button', { name: 'New messages' })).toHaveCount(0);

  await wheel(page, -3000);
  pane.item({ id: 'fresh-2', kind: 'reply', text: 'fresh 2' });
  const pill = page.getByRole('button', { name: 'New messages' });
  await expect(pill).toBeVisible();
  await expect(row(page, 'fresh 2')).not.toBeInViewport();
  await expect(row(page, 'line 2000')).not.toBeInViewport(); // the page did not jump to the bottom

  // The header stays on top of the rows scrolled under it: a tap on Back lands on Back.
  const back = page.getByRole('link', { name: 'Back' });
  const box = (await back.boundingBox())!;
  const hit = await page.evaluate(
    ([x, y]) => {
      const found = document.elementFromPoint(x!, y!);
      return found?.closest('a')?.getAttribute('aria-label') ?? found?.tagName ?? null;
    },
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(hit).toBe('Back');

  await pill.click();
  await expect(row(page, 'fresh 2')).toBeInViewport();
  await expect(pill).toHaveCount(0);

  await back.click();
  await expect(page).toHaveURL(/#\/agent\/long$/);
});

test('scrolling to the top loads older items from the agent’s history, and the reader keeps their place', async ({ page }) => {
  // The agent's current view holds the newest 2000 items; the 600 before them are in its history only.
  await longChat(page, 2600, { history: true, send: true });
  await expect(row(page, 'line 2600')).toBeInViewport();
  await expect(page.locator('ol.entries > li').first()).toHaveText('line 601');

  await toTop(page);
  await expect(row(page, 'line 600')).toHaveCount(1);
  // The row that was at the top is still where the reader saw it, not pushed off by the older ones.
  await expect(row(page, 'line 601')).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  // On to the beginning: each visit to the top brings the next older part, until there is none.
  const first = page.locator('ol.entries > li').first();
  for (let visits = 0; visits < 10 && (await first.textContent()) !== 'line 1'; visits += 1) {
    const before = await first.textContent();
    await toTop(page);
    await expect(first).not.toHaveText(before!);
  }
  await expect(first).toHaveText('line 1');
  await expect(page.locator('ol.entries > li')).toHaveCount(2600);
  await expect(page.getByRole('button', { name: 'Show older messages' })).toHaveCount(0);
  await expect(page.getByText('Older messages were left out')).toHaveCount(0);
});

test('an open question is one tap away: a bar above the composer leads to its card', async ({ page }) => {
  const pane = await longChat(page, 300, { send: true, asks: true });
  void pane.ask({ kind: 'choice', toolCallId: 'q', title: 'Ship it?', multiple: false, options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
  const card = page.getByRole('article', { name: 'Ship it?' });
  await expect(card).toBeInViewport();
  const bar = page.getByRole('button', { name: 'Needs your answer (1)' });
  await expect(bar).toHaveCount(0);

  await toTop(page);
  await expect(bar).toBeVisible();
  await bar.click();
  await expect(card).toBeInViewport();
  await expect(card.getByRole('button', { name: 'Yes' })).toBeFocused();
});
