import { expect, test, type Locator, type Page } from '@playwright/test';
import { noViolations } from './support/axe';
import { openChatMenu } from './support/chat-menu';
import { pairPhone } from './support/pair';
import { scratch, startBridge } from './support/processes';
import { stopAfterEach } from './support/started';
import { LANGUAGES, pattern, say } from './support/words';

/**
 * Every screen and state the suite visits, checked with axe-core in light and dark: no
 * violation of any impact (contrast, names, roles, landmarks, targets).
 */
const run = stopAfterEach();

for (const { tag, code, words } of LANGUAGES)
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`every screen of the demo passes axe-core, ${code}, ${colorScheme}`, async ({ browser }) => {
      // Eleven screens, each read whole by axe-core: ~30 s on a quiet two-core machine, ~50 s on a loaded one.
      test.slow();
      const dirs = (run.dirs = await scratch());
      const started = await startBridge(dirs, ['--demo']);
      run.bridge = started.proc;
      const context = await browser.newContext({ colorScheme, locale: tag, viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });
      try {
        const page = await context.newPage();
        await page.goto(started.url);
        await expect(page.getByRole('heading', { name: say(words, 'pair.title') })).toBeVisible();
        await noViolations(page, 'pairing screen');

        await pairPhone(page, started.link);
        await expect(
          page
            .getByRole('region', { name: say(words, 'durable.section') })
            .getByRole('link', { name: /desk/ })
            .locator('.count-needs-you'),
        ).toBeVisible();
        await expect(page.locator('section.inbox').getByRole('link').first()).toBeVisible(); // the inbox of every open ask
        await noViolations(page, 'dashboard with its inbox');

        await page
          .getByRole('region', { name: say(words, 'durable.section') })
          .getByRole('link', { name: /desk/ })
          .click();
        await expect(page.getByRole('link', { name: /Research/ })).toBeVisible();
        await noViolations(page, 'conversations');

        await page.getByRole('link', { name: say(words, 'manage.link') }).click();
        await expect(page.getByRole('heading', { name: say(words, 'manage.screen', { agent: 'desk' }) })).toBeVisible();
        await noViolations(page, 'manage');
        await page.goBack();

        await page
          .getByRole('region', { name: say(words, 'conversations.closed') })
          .getByRole('link', { name: /Migrate the database/ })
          .click();
        await expect(page.getByRole('main')).toContainText('Migrate the database: finished.');
        await noViolations(page, 'closed chat');
        await page.goBack();

        await tapUntilChat(page, page.getByRole('link', { name: /Research/ }));
        await expect(page.getByRole('main').locator('.markdown h1, .markdown h2, .markdown h3').first()).toBeVisible();
        await noViolations(page, 'chat with markdown, code and tools');
        await openChatMenu(page, say(words, 'chat.menu'));
        await noViolations(page, "the chat's menu");
        await page.keyboard.press('Escape');

        // Each conversation that needs an answer: every kind of card the demo raises.
        await page.goBack();
        const waiting = page.getByRole('region', { name: say(words, 'inbox.title') }).getByRole('link');
        await expect(waiting.first()).toBeVisible();
        const count = await waiting.count();
        expect(count).toBeGreaterThan(0);
        for (let i = 0; i < count; i += 1) {
          await tapUntilChat(page, waiting.nth(i));
          await expect(page.getByRole('article').first()).toBeVisible();
          await noViolations(page, `chat with cards (${i + 1} of ${count})`);
          await page.goBack();
        }

        await page.getByRole('link', { name: say(words, 'nav.settings') }).click();
        await expect(page.getByRole('heading', { name: say(words, 'settings.title') })).toBeVisible();
        await noViolations(page, 'settings');

        // The states that say something is not there, and the offline banner over kept state.
        await page.goto(`${started.url}#/agent/nobody/chat/p`);
        await expect(page.getByRole('main')).toContainText(say(words, 'conversations.notFound'));
        await noViolations(page, 'chat of an agent that is not attached');
        await page.goto(`${started.url}#/agent/desk/closed/c-gone`);
        await expect(page.getByRole('heading', { name: say(words, 'closed.goneTitle') })).toBeVisible();
        await noViolations(page, 'conversation not found');
        await page.goto(`${started.url}#/agent/desk`);
        await expect(page.getByRole('link', { name: /Research/ })).toBeVisible();
        await context.setOffline(true);
        await expect(page.getByRole('alert')).toHaveText(pattern(words, 'connection.offlineAt'));
        await noViolations(page, 'list while offline');
        await context.setOffline(false);
      } finally {
        await context.close();
      }
    });
  }

/**
 * Taps a row of a list just come back to until its chat opens. On a loaded machine (load average
 * 5 to 9) a tap on such a row sometimes did not open the chat: the screen comes back short, reads
 * its list again and then returns to its old scroll, which can move the row as it is tapped (seen
 * on the inbox's rows in Russian, and once on Research's row in English, dark). Tap again, as a
 * person would; this walk checks what each screen reads as. The screen that moves under a tap is
 * #26's to fix (the chat's second pass).
 */
async function tapUntilChat(page: Page, row: Locator): Promise<void> {
  await expect(async () => {
    if (!/#\/agent\/desk\/chat\//.test(page.url())) await row.click();
    await expect(page).toHaveURL(/#\/agent\/desk\/chat\//, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}
