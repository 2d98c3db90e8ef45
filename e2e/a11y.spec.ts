import { expect, test, type Locator, type Page } from '@playwright/test';
import { noViolations as axeFindsNothing } from './support/axe';
import { openChatMenu } from './support/chat-menu';
import { pairPhone } from './support/pair';
import { scratch, startBridge } from './support/processes';
import { stopAfterEach } from './support/started';
import { inLanguage, LANGUAGES, pattern, say } from './support/words';

/**
 * Every screen and state the suite visits, checked with axe-core in light and dark (each screen
 * walked to once per language, then read in both): no violation of any impact (contrast, names,
 * roles, landmarks, targets).
 */
const run = stopAfterEach();

/** axe-core finds nothing on the page as it is now: every rule in light, and in dark what the colours change (contrast). */
async function noViolations(page: Page, where: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await axeFindsNothing(page, `${where}, light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await axeFindsNothing(page, `${where}, dark`, ['color-contrast', 'link-in-text-block']);
}

// The three languages run side by side (two workers): each walk is the suite's longest.
test.describe.configure({ mode: 'parallel' });

for (const { tag, code, words } of LANGUAGES)
  test(`every screen of the demo passes axe-core in light and dark, ${code}`, inLanguage(code), async ({ browser }) => {
    // Eleven screens, each read whole by axe-core twice: the slow mark gives a loaded machine room.
    test.slow();
    const dirs = (run.dirs = await scratch());
    const started = await startBridge(dirs, ['--demo']);
    run.bridge = started.proc;
    const context = await browser.newContext({ locale: tag, viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });
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

      await openChat(page, page.getByRole('link', { name: /Research/ }));
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
        await openChat(page, waiting.nth(i));
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

/** Taps a row of a list just come back to (it is drawn at its old place before its first frame: screen-place.ts) and waits for its chat. */
async function openChat(page: Page, row: Locator): Promise<void> {
  await row.click();
  await expect(page).toHaveURL(/#\/agent\/desk\/chat\//);
}
