import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openCollie } from '../src/agent/kit';
import type { Answer, Caps } from '../src/wire/types';
import { noViolations } from './support/axe';
import { chatRow, openLongChat, wheel as scroll } from './support/long-chat';
import { pairPhone } from './support/pair';
import { scratch, startBridge, writeSources } from './support/processes';
import { stopAfterEach } from './support/started';
import { ENGLISH as en, LANGUAGES, say, type Catalog } from './support/words';

/**
 * Reading a chat as a messenger reads: the jump-to-latest button and its count, the unread
 * divider where the person left off, and what the person answered shown back in place. A real
 * kit agent on a private socket, the real bridge, Chromium at Pixel 7 size scrolled as a person scrolls.
 */
const run = stopAfterEach();
const SHOTS = join(import.meta.dirname, '..', 'test-results', 'unread');

const chatOf = (page: Page, items: number, caps: Partial<Caps>) => openLongChat(run, page, items, caps);

const row = chatRow;
const divider = (page: Page) => page.locator('ol.entries .unread-line');
const dividerRow = (page: Page) => page.locator('ol.entries > li').filter({ has: page.locator('.unread-line') });
const jump = (page: Page) => page.locator('.chat-dock').getByRole('button', { name: new RegExp(`^${say(en, 'chat.jumpToLatest')}`) });

const wheel = (page: Page, by: number) => scroll(page, by, 300);

/**
 * Each control of `scope` whose middle is in sight (below the header, above the dock) is what a
 * tap there lands on: nothing, such as a floating button, lies over it. Returns how many were
 * checked, and the ones covered.
 */
function uncovered(scope: Locator): Promise<{ checked: number; covered: string[] }> {
  return scope.evaluate((root) => {
    const top = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const bottom = document.querySelector('.chat-dock')?.getBoundingClientRect().top ?? innerHeight;
    const covered: string[] = [];
    let checked = 0;
    for (const control of root.querySelectorAll('button, a[href], input, textarea, summary')) {
      const box = control.getBoundingClientRect();
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      if (box.width === 0 || y <= top || y >= bottom) continue;
      checked += 1;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !control.contains(hit)) covered.push(`${control.textContent?.trim()} under ${hit?.outerHTML.slice(0, 80)}`);
    }
    return { checked, covered };
  });
}

/**
 * The same screen in each language and colour scheme: the words are the language's (the choice a
 * person makes in Settings, read as the app starts), axe-core finds nothing, and a photo is kept.
 */
async function inEveryLanguage(page: Page, name: string, check: (words: Catalog) => Promise<void>, before?: () => Promise<void>) {
  test.slow(); // six looks by axe-core over a long chat: on a busy machine that takes more than one test's time
  await mkdir(SHOTS, { recursive: true });
  for (const { code, words } of LANGUAGES) {
    await before?.();
    await page.evaluate((chosen) => localStorage.setItem('collie.locale.v1', JSON.stringify(chosen)), code);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await check(words);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await noViolations(page, `${code} ${colorScheme} ${name}`);
      await page.screenshot({ path: join(SHOTS, `${name}-${code}-${colorScheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

test('away from the newest item a jump button shows in the dock, counts what arrives, covers no card, and takes the reader to the newest', async ({ page }) => {
  const { pane } = await chatOf(page, 300, { send: true, asks: true });
  const options = ['Alpha', 'Beta', 'Gamma', 'Delta'].map((label) => ({ id: label.toLowerCase(), label }));
  // Cards taller than the screen: scrolled up a little, the newest item is out of sight while cards are in it.
  for (const n of [1, 2, 3, 4, 5, 6]) void pane.ask({ kind: 'choice', toolCallId: `q${n}`, title: `Question ${n}`, multiple: false, options }).catch(() => {});
  const cards = page.locator('section.asks');
  await expect(page.getByRole('article', { name: 'Question 6' })).toBeInViewport();
  await expect(jump(page)).toHaveCount(0); // at the bottom

  await wheel(page, -150);
  await expect(row(page, 'line 300')).not.toBeInViewport();
  await expect(jump(page)).toBeVisible();
  const { checked, covered } = await uncovered(cards);
  expect(covered).toEqual([]);
  expect(checked).toBeGreaterThan(2);

  await wheel(page, -3000);
  await expect(jump(page)).toHaveAccessibleName(say(en, 'chat.jumpToLatest')); // nothing new yet: no count
  pane.item({ id: 'fresh-1', kind: 'reply', text: 'fresh 1' });
  pane.item({ id: 'fresh-2', kind: 'reply', text: 'fresh 2' });
  await expect(jump(page)).toHaveAccessibleName('Jump to the latest messages: 2 new');
  await expect(jump(page)).toHaveText('2');
  await expect(row(page, 'fresh 2')).not.toBeInViewport();
  expect((await uncovered(page.locator('main'))).covered).toEqual([]);

  await jump(page).click();
  await expect(jump(page)).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Question 6' })).toBeInViewport();

  // Its words in every language, light and dark.
  await inEveryLanguage(page, 'jump', async (words) => {
    await expect(page.getByRole('article', { name: 'Question 6' })).toBeInViewport();
    await wheel(page, -3000);
    await expect(page.locator('.chat-dock').getByRole('button', { name: say(words, 'chat.jumpToLatest'), exact: true })).toBeVisible();
  });
});

test('a chat opened again shows an unread divider above the first item since: at the newest when it all fits, else at the divider', async ({ page }) => {
  const { pane } = await chatOf(page, 40, { send: true });
  const back = () => page.getByRole('link', { name: 'Back' }).click();
  await expect(row(page, 'line 40')).toBeInViewport();
  await expect(divider(page)).toHaveCount(0); // a first visit: nothing can be said to be new
  await back();

  for (let i = 1; i <= 3; i += 1) pane.item({ id: `new-${i}`, kind: 'reply', text: `new ${i}` });
  await expect(page.getByRole('link', { name: /Long chat/ })).toContainText('new 3');
  await page.getByRole('link', { name: /Long chat/ }).click();
  // A few: the chat opens at its newest item, the divider in sight above the first of them.
  await expect(row(page, 'new 3')).toBeInViewport();
  await expect(divider(page)).toHaveCount(1);
  await expect(divider(page)).toBeInViewport();
  await expect(dividerRow(page)).toContainText('new 1');
  await expect(jump(page)).toHaveCount(0);
  await back();

  for (let i = 4; i <= 63; i += 1) pane.item({ id: `new-${i}`, kind: i % 4 === 0 ? 'user' : 'reply', text: `new ${i}` });
  await expect(page.getByRole('link', { name: /Long chat/ })).toContainText('new 63');
  await page.getByRole('link', { name: /Long chat/ }).click();
  // Many: it opens at the divider (above new 5: new 4 is the person's own), as a messenger does;
  // the jump button counts what is below.
  await expect(dividerRow(page)).toContainText('new 5');
  await expect(dividerRow(page)).toBeInViewport();
  await expect(row(page, 'new 63')).not.toBeInViewport();
  await expect(jump(page)).toBeVisible();
  const count = Number(await jump(page).textContent());
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(45); // 60 came, 15 of them the person's own; some are in sight
  expect((await uncovered(page.locator('main'))).covered).toEqual([]);

  await jump(page).click();
  await expect(row(page, 'new 63')).toBeInViewport();
  await expect(jump(page)).toHaveCount(0);
  await page.reload();
  await expect(row(page, 'new 63')).toBeInViewport();
  await expect(divider(page)).toHaveCount(0); // all seen
});

test('a chat opened again while the bridge is slow shows its kept copy first; the divider comes with the bridge’s answer, and the chat opens there', async ({ page }) => {
  const { pane } = await chatOf(page, 40, { send: true });
  await expect(row(page, 'line 40')).toBeInViewport();
  await page.getByRole('link', { name: 'Back' }).click();
  for (let i = 1; i <= 60; i += 1) pane.item({ id: `new-${i}`, kind: 'reply', text: `new ${i}` });
  await expect(page.getByRole('link', { name: /Long chat/ })).toContainText('new 60');

  // The bridge's first answer for the chat is held (not made up: the real bridge answers it once
  // let go), so the copy kept from the last visit shows first, as it does with a slow bridge.
  let letGo!: () => void;
  const held = new Promise<void>((done) => (letGo = done));
  let first = true;
  await page.route(/\/api\/agents\/long\/panes\/p(\?|$)/, async (route) => {
    if (first) {
      first = false;
      await held;
    }
    await route.continue();
  });
  await page.getByRole('link', { name: /Long chat/ }).click();
  await expect(row(page, 'line 40')).toBeInViewport();
  await expect(row(page, 'new 1')).toHaveCount(0);
  await expect(divider(page)).toHaveCount(0); // the copy says nothing of what is new

  letGo();
  await expect(dividerRow(page)).toContainText('new 1');
  await expect(dividerRow(page)).toBeInViewport();
  await expect(row(page, 'new 60')).not.toBeInViewport();
  await expect(jump(page)).toBeVisible();
});

test('the unread divider in every language, light and dark', async ({ page }) => {
  const { pane } = await chatOf(page, 40, { send: true });
  await expect(row(page, 'line 40')).toBeInViewport();
  const list = page.locator('a.conversation-row');
  let more = 0;
  await inEveryLanguage(
    page,
    'divider',
    async (words) => {
      await list.click(); // the page reloaded on the list, in this language
      await expect(divider(page)).toHaveText(say(words, 'chat.unread'));
      await expect(divider(page)).toBeInViewport();
    },
    // Away from the chat, more items come each time: there is always something unread.
    async () => {
      await page.locator('header a.header-back').click();
      for (let i = 0; i < 20; i += 1) pane.item({ id: `more-${(more += 1)}`, kind: 'reply', text: `more ${more}` });
      await expect(list).toContainText(`more ${more}`);
    },
  );
});

test('what the person answered shows back in the chat: the text typed and the form’s values (a secret hidden), under the question and above the reply', async ({ page }) => {
  const dirs = (run.dirs = await scratch());
  const socket = join(dirs.socketDir, 'desk', 'app.sock');
  const collie = (run.agent = await openCollie({ socket, hostName: 'desk', caps: { asks: true }, log: () => {} }));
  const pane = collie.workspace('w', { title: 'Work' }).tab('t', { title: 'Main' }).pane('p', { title: 'Release' });
  const replyTo = (asked: Promise<Answer>, id: string) =>
    void asked.then(
      () => pane.item({ id, kind: 'reply', text: `Thanks (${id})` }),
      () => {},
    );
  replyTo(pane.ask({ kind: 'text', toolCallId: 'name', title: 'Name the server' }), 'after-text');
  replyTo(
    pane.ask({
      kind: 'form',
      toolCallId: 'release',
      title: 'Release details',
      fields: [
        { id: 'version', label: 'Version', type: 'text', required: true },
        { id: 'apiToken', label: 'Deploy token', type: 'text', required: true },
        { id: 'notify', label: 'Notify the team', type: 'toggle', required: false },
      ],
    }),
    'after-form',
  );
  collie.ready();
  await writeSources(dirs.configDir, [{ name: 'desk', kind: 'durable', socket }]);
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  await page.goto(`${started.url}#/agent/desk/chat/p`);

  const text = page.getByRole('article', { name: 'Name the server' });
  await text.getByRole('textbox').fill(`web-3 ${'x'.repeat(120)}`);
  await text.getByRole('textbox').press('Enter');
  await expect(text).toHaveCount(0);
  const form = page.getByRole('article', { name: 'Release details' });
  await form.getByRole('textbox', { name: /Version/ }).fill('1.4.0');
  await form.getByRole('textbox', { name: /Deploy token/ }).fill('s3cr3t-value');
  await form.getByRole('checkbox', { name: 'Notify the team' }).check();
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form).toHaveCount(0);

  const rows = page.locator('ol.entries > li');
  const typed = rows.filter({ hasText: 'Name the server' });
  const filled = rows.filter({ hasText: 'Release details' });
  await expect(typed).toContainText(`Answered: “web-3 ${'x'.repeat(73)}…”`);
  await expect(filled).toContainText('Answered:Version: 1.4.0Deploy token: •••Notify the team: Yes');
  await expect(page.locator('ol.entries')).not.toContainText('s3cr3t');
  await expect(rows.filter({ hasText: 'Thanks (after-form)' })).toHaveCount(1);
  // In time order: each answer under its question, above the reply it caused, under the day's heading.
  const order = await rows.evaluateAll((lis) => lis.map((li) => `${li.textContent?.slice(0, 15)}|${li.getAttribute('data-day') ?? ''}`));
  expect(order.map((o) => o.split('|')[0])).toEqual(['Name the server', 'Thanks (after-t', 'Release details', 'Thanks (after-f']);
  expect(order[0]!.split('|')[1]).not.toBe(''); // the day heading opens on the first answer, not on a reply below it
  expect(order.slice(1).map((o) => o.split('|')[1])).toEqual(['', '', '']);

  await inEveryLanguage(page, 'answered', async (words) => {
    await expect(typed).toContainText(say(words, 'chat.answered', { answer: say(words, 'chat.quoted', { text: `web-3 ${'x'.repeat(73)}…` }) }));
    await expect(filled).toContainText(say(words, 'chat.answerField', { label: 'Notify the team', value: say(words, 'chat.fieldOn') }));
    await expect(filled).toContainText(say(words, 'chat.answerField', { label: 'Deploy token', value: '•••' }));
  });
});
