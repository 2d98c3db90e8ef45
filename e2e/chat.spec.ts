import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { openCollie, type PaneHandle } from '../src/agent/kit';
import type { Caps } from '../src/wire/types';
import { chatRow, openLongChat, wheel } from './support/long-chat';
import { pairPhone } from './support/pair';
import { scratch, startBridge, writeSources } from './support/processes';
import { stopAfterEach } from './support/started';

/**
 * The chat as a messenger, at phone size: a real kit agent on a private socket, the real bridge,
 * and Chromium scrolled only the way a person scrolls (or not at all).
 */
const run = stopAfterEach();

const longChat = async (page: Page, items: number, caps: Partial<Caps>): Promise<PaneHandle> => (await openLongChat(run, page, items, caps)).pane;
const row = chatRow;
const toTop = (page: Page) => wheel(page, -1_000_000);
/** As in Safari, which has no CSS scroll anchoring: the chat's list then keeps the reader's place itself. */
const withoutBrowserAnchoring = (page: Page) =>
  page.addInitScript(() => {
    const supports = CSS.supports.bind(CSS);
    CSS.supports = (property: string, value?: string) => !property.includes('overflow-anchor') && (value === undefined ? supports(property) : supports(property, value));
  });

test('a 2000-item chat opens at its newest item with the composer in view; new items follow the reader at the bottom; away from it, a jump button counts them', async ({
  page,
}) => {
  const pane = await longChat(page, 2000, { send: true });
  await expect(row(page, 'line 2000')).toBeInViewport();
  await expect(page.getByLabel('Message', { exact: true })).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Long chat' })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  // Only the rows near the viewport are in the page: a long chat stays light on a phone.
  expect(await page.locator('ol.entries > li').count()).toBeLessThan(200);

  const jump = page.getByRole('button', { name: /^Jump to the latest messages/ });
  pane.item({ id: 'fresh-1', kind: 'reply', text: 'fresh 1' });
  await expect(row(page, 'fresh 1')).toBeInViewport();
  await expect(jump).toHaveCount(0);

  // Scrolled up, the button shows at once (not only when something arrives), and counts what does.
  await wheel(page, -3000);
  await expect(jump).toHaveAccessibleName('Jump to the latest messages');
  pane.item({ id: 'fresh-2', kind: 'reply', text: 'fresh 2' });
  await expect(jump).toHaveAccessibleName('Jump to the latest messages: 1 new');
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

  await jump.click();
  await expect(row(page, 'fresh 2')).toBeInViewport();
  await expect(jump).toHaveCount(0);

  await back.click();
  await expect(page).toHaveURL(/#\/agent\/long$/);
});

for (const anchors of ['the browser', 'the list'] as const)
  test(`scrolling to the top loads older items from the agent’s history, and the reader keeps their place (${anchors} anchoring)`, async ({ page }) => {
    if (anchors === 'the list') await withoutBrowserAnchoring(page);
    // The agent's current view holds the newest 2000 items; the 600 before them are in its history only.
    await longChat(page, 2600, { history: true, send: true });
    await expect(row(page, 'line 2600')).toBeInViewport();
    // Only rows near the viewport are drawn: each says where it stands in the whole chat, so
    // the newest being the 2000th means the chat starts at line 601. The chat opened with its
    // newest 200 (the bridge's tail, lines 2401 to 2600), counting the 1800 before them.
    await expect(row(page, 'line 2600')).toHaveAttribute('aria-posinset', '2000');

    // The first visit to the top reads the rest of the chat; the reader keeps their place.
    await toTop(page);
    await expect(row(page, 'line 2400')).toHaveCount(1);
    await expect(row(page, 'line 2401')).toBeInViewport();
    await expect(row(page, 'line 2401')).toHaveAttribute('aria-posinset', '1801');

    // The next brings the agent's history.
    await toTop(page);
    await expect(row(page, 'line 600')).toHaveCount(1);
    // The row that was at the top is still where the reader saw it, not pushed off by the older ones.
    await expect(row(page, 'line 601')).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // On to the beginning: each visit to the top brings the next older part, until there is none.
    // (The first row drawn at the top of the page.)
    const first = page.locator('ol.entries > li').first();
    for (let visits = 0; visits < 10 && (await first.textContent()) !== 'line 1'; visits += 1) {
      const before = await first.textContent();
      await toTop(page);
      await expect(first).not.toHaveText(before!);
    }
    await expect(first).toHaveText('line 1');
    await expect(first).toHaveAttribute('aria-posinset', '1');
    await expect(page.getByRole('button', { name: 'Show older messages' })).toHaveCount(0);
    await expect(page.getByText('Older messages were left out')).toHaveCount(0);
    // All 2600 are in the chat, in order: the newest, at the bottom, is the 2600th.
    await wheel(page, 1_000_000);
    await expect(row(page, 'line 2600')).toHaveAttribute('aria-posinset', '2600');
  });

for (const anchors of ['the browser', 'the list'] as const)
  test(`a card far up a long chat is found by scrolling up to it, and stays put once found (${anchors} anchoring)`, async ({ page }) => {
    if (anchors === 'the list') await withoutBrowserAnchoring(page);
    const dirs = (run.dirs = await scratch());
    const socket = join(dirs.socketDir, 'long', 'app.sock');
    const collie = (run.agent = await openCollie({ socket, hostName: 'long', caps: { send: true }, log: () => {} }));
    const pane = collie.workspace('w', { title: 'Work' }).tab('t', { title: 'Main' }).pane('p', { title: 'Long chat' });
    // Rows of every height: markdown, code, tools and replies of different lengths.
    for (let i = 1; i <= 2000; i += 1) {
      const id = `m${i}`;
      if (i === 150) pane.item({ id, kind: 'link', url: 'https://example.com/notes', title: 'Release notes' });
      else if (i % 5 === 0) pane.item({ id, kind: 'markdown', text: `## Step ${i}\n\n- **built**\n- tested\n\nline ${i}` });
      else if (i % 7 === 0) pane.item({ id, kind: 'code', language: 'sh', text: `npm run build\nnpm test -- ${i}` });
      else if (i % 11 === 0) pane.item({ id, kind: 'tool', toolCallId: `t${i}`, name: 'bash', status: 'done', summary: `step ${i}`, output: 'ok' });
      else pane.item({ id, kind: 'reply', text: `line ${i} `.repeat(1 + (i % 9)) });
    }
    collie.ready();
    await writeSources(dirs.configDir, [{ name: 'long', kind: 'durable', socket }]);
    const started = await startBridge(dirs);
    run.bridge = started.proc;
    await pairPhone(page, started.link);
    await page.goto(`${started.url}#/agent/long/chat/p`);
    const card = page.getByRole('link', { name: /Release notes/ });
    await expect(page.locator('ol.entries > li').last()).toBeInViewport();
    await expect(card).toHaveCount(0); // far up: not drawn yet
    // The list that keeps the place itself switches the browser's off (it would move the page twice).
    expect(await page.evaluate(() => document.body.style.overflowAnchor)).toBe(anchors === 'the list' ? 'none' : '');

    // Up the way a person flicks, a screen or two at a time, until the card comes into view.
    for (let flicks = 0; flicks < 200 && !(await card.isVisible()); flicks += 1) await wheel(page, -1500);
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeInViewport();
    await expect(card).toHaveAttribute('href', 'https://example.com/notes');
    const markdownRows = page.locator('ol.entries > li.markdown-item');
    expect(await markdownRows.count()).toBeLessThan(100); // of 400: only drawn rows are rendered
    await expect(markdownRows.first().locator('h2')).toHaveCount(1);

    // Rows drawn, measured and dropped around it leave the card where the reader found it (to
    // within a pixel: the list makes up a move of a pixel or more, not the fractions layout leaves).
    const at = (await card.boundingBox())!.y;
    await wheel(page, -400);
    await wheel(page, 400);
    await expect.poll(async () => Math.abs((await card.boundingBox())!.y - at)).toBeLessThan(1);
  });

test('a long closed conversation opens at its newest item, read from the agent’s history, and scrolls up to its first', async ({ page }) => {
  const dirs = (run.dirs = await scratch());
  const socket = join(dirs.socketDir, 'long', 'app.sock');
  const collie = (run.agent = await openCollie({ socket, hostName: 'long', caps: { history: true }, log: () => {} }));
  const tab = collie.workspace('w', { title: 'Work' }).tab('t', { title: 'Main' });
  tab.pane('open', { title: 'Still open' });
  const old = tab.pane('p', { title: 'Old release' });
  for (let i = 1; i <= 2500; i += 1) old.item({ id: `m${i}`, kind: i % 4 === 0 ? 'user' : 'reply', text: `line ${i}` });
  old.close();
  collie.ready();
  await writeSources(dirs.configDir, [{ name: 'long', kind: 'durable', socket }]);
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  await page.goto(`${started.url}#/agent/long`);
  await page
    .getByRole('region', { name: 'Closed' })
    .getByRole('link', { name: /Old release/ })
    .click();

  await expect(row(page, 'line 2500')).toBeInViewport();
  await expect(page.getByRole('note')).toContainText('This conversation is closed'); // where the composer would be
  await expect(page.getByRole('note')).toBeInViewport();
  await expect(row(page, 'line 2500')).toHaveAttribute('aria-posinset', '2500');
  const first = page.locator('ol.entries > li').first();
  for (let visits = 0; visits < 10 && (await first.textContent()) !== 'line 1'; visits += 1) await toTop(page);
  await expect(first).toHaveText('line 1');
  await expect(first).toHaveAttribute('aria-posinset', '1');
});

test('an open question is said once on screen: its card, or one slim line above the composer that leads to it', async ({ page }) => {
  const pane = await longChat(page, 300, { send: true, asks: true });
  void pane.ask({ kind: 'choice', toolCallId: 'q', title: 'Ship it?', multiple: false, options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
  const card = page.getByRole('article', { name: 'Ship it?' });
  await expect(card).toBeInViewport();
  const bar = page.getByRole('button', { name: 'Needs your answer (1)' });
  // The card in sight: no line, no heading, and Send is still a send button.
  await expect(bar).toBeHidden();
  // The cards' heading is for screen readers only: drawn one pixel wide, off the eye.
  expect((await page.getByRole('heading', { name: 'Needs your answer', exact: true }).boundingBox())!.width).toBeLessThanOrEqual(1);
  await expect(page.locator('.composer-send .icon-send')).toBeVisible();
  // Everything below the card, to the screen's edge, is the dock: the composer, nothing else.
  const dock = await page.locator('.chat-dock').boundingBox();
  expect(dock!.height).toBeLessThan(page.viewportSize()!.height / 4);

  await toTop(page);
  await expect(bar).toBeVisible();
  await bar.click();
  await expect(card).toBeInViewport();
  await expect(card.getByRole('button', { name: 'Yes' })).toBeFocused();
  await expect(bar).toBeHidden();
});

test('while a turn runs and a question waits off screen, the bottom is the composer and one line: the reminder, Steer, Stop and the jump', async ({ page }) => {
  const pane = await longChat(page, 300, { send: true, steer: true, abort: true, asks: true });
  const turn = pane.startTurn();
  void pane.ask({ kind: 'choice', toolCallId: 'q', title: 'Ship it?', multiple: false, options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
  await expect(page.getByRole('article', { name: 'Ship it?' })).toBeInViewport();
  await toTop(page);
  pane.item({ id: 'late', kind: 'reply', text: 'one more' });

  const line = [
    page.getByRole('button', { name: 'Answer (1)' }),
    page.getByRole('button', { name: 'Steer' }),
    page.getByRole('button', { name: 'Stop' }),
    page.getByRole('button', { name: /^Jump to the latest messages/ }),
  ];
  for (const control of line) await expect(control).toBeVisible();
  const middles = await Promise.all(line.map(async (control) => ((b) => b!.y + b!.height / 2)(await control.boundingBox())));
  for (const middle of middles) expect(Math.abs(middle - middles[0]!)).toBeLessThan(2);
  // The dock is that line and the text box's row, nothing more.
  const [dock, row] = await Promise.all([page.locator('.chat-dock').boundingBox(), page.locator('.composer-row').boundingBox()]);
  expect(dock!.y + dock!.height - (middles[0]! + 22)).toBeLessThan(row!.height + 32);

  // With the turn over, Steer and Stop go and the reminder says it all.
  turn.end();
  await expect(page.getByRole('button', { name: 'Needs your answer (1)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Steer' })).toHaveCount(0);
});

test('a short chat fits under a header that grows: with the offline banner, the day heading and the first row stay in sight', async ({ page }) => {
  await longChat(page, 3, { send: true });
  await expect(row(page, 'line 1')).toBeVisible();
  await page.context().setOffline(true);
  const header = page.locator('header');
  await expect(header.getByRole('alert')).toContainText('Offline');
  // The page does not scroll: the chat fills what the header leaves, not a screen less a header's usual height.
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight - innerHeight)).toBeLessThanOrEqual(0);
  const [bottom, first] = await Promise.all([header.boundingBox(), row(page, 'line 1').boundingBox()]);
  // The first row carries the day heading above its bubble (chat-rows.css): all of it below the header.
  expect(first!.y).toBeGreaterThanOrEqual(bottom!.y + bottom!.height);
  await page.context().setOffline(false);
});
