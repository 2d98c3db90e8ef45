import { expect, test, type Locator, type Page } from '@playwright/test';
import { openChatMenu } from './support/chat-menu';
import { pairPhone } from './support/pair';
import { scratch, startBridge } from './support/processes';
import { stopAfterEach } from './support/started';
import { inLanguage, LANGUAGES, say, type Catalog } from './support/words';

/**
 * One header on every screen, as a messenger has it: a back arrow (an icon with a name), the
 * screen's title with what it belongs to under it, actions as named icons; the chat's Rename,
 * Close and Recent sends in its menu, nothing below the composer. Checked at phone size in each
 * language, light and dark, and at 200 % text.
 */
const run = stopAfterEach();

/** The control drawn at its own centre is itself: nothing covers it. */
async function uncovered(control: Locator) {
  const hit = await control.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && (top === el || el.contains(top));
  });
  expect(hit).toBe(true);
}

/** Every line of the header shows whole: wrapped where it must, never cut or ellipsised. */
async function headerWhole(page: Page) {
  const cut = await page
    .locator('header.screen-header :is(h1, h2, p):not(.visually-hidden)')
    .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === 'ellipsis').map((el) => el.textContent));
  expect(cut).toEqual([]);
}

async function checkHeader(page: Page, words: Catalog, title: string, back: boolean) {
  const header = page.locator('header.screen-header');
  await expect(header).toHaveCount(1);
  await expect(header.locator('h1, h2').filter({ hasText: title }).first()).toBeVisible();
  const backLink = header.getByRole('link', { name: say(words, 'nav.back') });
  await expect(backLink).toHaveCount(back ? 1 : 0);
  if (back) {
    await expect(backLink).toHaveText(''); // an icon, named for screen readers
    await uncovered(backLink);
  }
  // The header stays on top while the screen scrolls.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(header).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await headerWhole(page);
  }
  await page.emulateMedia({ colorScheme: null });
}

for (const { tag, code, words } of LANGUAGES)
  test(`every screen wears the same header, and a chat keeps its actions in its menu, ${code}`, inLanguage(code), async ({ browser }) => {
    const dirs = (run.dirs = await scratch());
    const started = await startBridge(dirs, ['--demo']);
    run.bridge = started.proc;
    const context = await browser.newContext({ locale: tag, viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    try {
      const page = await context.newPage();
      await pairPhone(page, started.link);
      // 200 % text, as a phone's largest setting gives: nothing in a header is cut.
      // (Through the CSSOM: the app's CSP allows no inline style sheet. Hash links keep the document.)
      await page.evaluate(() => document.documentElement.style.setProperty('font-size', '200%', 'important'));
      const settings = page.locator('header').getByRole('link', { name: say(words, 'nav.settings') });
      await checkHeader(page, words, say(words, 'app.title'), false);
      await expect(settings).toHaveText('');
      await uncovered(settings);

      await page.goto(`${started.url}#/agent/desk`);
      await checkHeader(page, words, 'desk', true);
      await page.goto(`${started.url}#/agent/desk/manage`);
      await checkHeader(page, words, say(words, 'manage.screen', { agent: 'desk' }), true);
      await page.goto(`${started.url}#/settings`);
      await checkHeader(page, words, say(words, 'settings.title'), true);
      await expect(page.locator('header').getByRole('link', { name: say(words, 'nav.settings') })).toHaveCount(0);

      await page.goto(`${started.url}#/agent/desk`);
      await page.getByRole('link', { name: /Notes/ }).click();
      await checkHeader(page, words, 'Notes', true);
      // Nothing below the composer: it is the last thing on the page.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const composer = page.getByRole('region', { name: say(words, 'composer.title') });
      const below = await composer.evaluate((el) => document.documentElement.scrollHeight - (el.getBoundingClientRect().bottom + window.scrollY));
      expect(below).toBeLessThan(64);
      await expect(page.getByRole('main').getByRole('button', { name: say(words, 'manage.rename') })).toHaveCount(0);

      const menu = page.locator('header').getByRole('button', { name: say(words, 'chat.menu') });
      await uncovered(menu);
      const sheet = await openChatMenu(page, say(words, 'chat.menu'));
      await sheet.getByRole('button', { name: say(words, 'manage.rename') }).click();
      await expect(sheet.getByRole('textbox')).toBeInViewport(); // Rename's field opens in sight
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
    } finally {
      await context.close();
    }
  });
