import { expect, test } from '@playwright/test';
import { noViolations } from './support/axe';
import { pairPhone } from './support/pair';
import { scratch, startBridge } from './support/processes';
import { stopAfterEach } from './support/started';
import { inLanguage, LANGUAGES, say } from './support/words';

/**
 * `npm start`'s demo tells its story forward: in Shell, Allow always lets bash run, the chat says
 * what happened in sentences, the later bash steps run without a card, and "needs you" drops by
 * one for good. The agent's words are its own (English); the phone's are in the phone's language.
 */
const run = stopAfterEach();

/** Each language once, light and dark between them (a fresh demo each: the story is told once). */
const VARIANTS = [
  { code: 'en', colorScheme: 'light' },
  { code: 'zh-CN', colorScheme: 'dark' },
  { code: 'ru', colorScheme: 'dark' },
] as const;

for (const { code, colorScheme } of VARIANTS) {
  const { tag, words } = LANGUAGES.find((l) => l.code === code)!;
  test.describe(`${code}, ${colorScheme}`, () => {
    test.use({ locale: tag, colorScheme });

    test(`Allow always in the demo's Shell runs bash on, says so, and asks no more (${code}, ${colorScheme})`, inLanguage(code), async ({ page }) => {
      const dirs = (run.dirs = await scratch());
      const started = await startBridge(dirs, ['--demo']);
      run.bridge = started.proc;
      await pairPhone(page, started.link);

      const desk = page.getByRole('region', { name: say(words, 'durable.section') }).getByRole('link', { name: /desk/ });
      await expect(desk).toContainText(say(words, 'durable.needsYou', { count: '5' }));
      await desk.click();
      await page.getByRole('link', { name: /Shell/ }).click();

      const card = page.getByRole('article', { name: say(words, 'ask.permission.headline', { tool: 'bash' }) });
      await expect(card).toContainText('rm -rf build/');
      // Allow always takes two taps: it outlasts this question.
      await card.getByRole('button', { name: 'Allow always' }).click();
      await expect(card).toContainText(say(words, 'ask.permission.armed'));
      await card.getByRole('button', { name: 'Allow always' }).click();
      await expect(card).toHaveCount(0);

      const chat = page.locator('ol.entries');
      await expect(chat).toContainText('Allowed always for bash in this conversation.');
      await expect(chat).toContainText('Removed build/ — 14 files.');
      // The next steps come by themselves: bash runs without a card, and the chat says why.
      await expect(chat).toContainText('Ran npm run build without asking: bash is allowed always in this conversation.');
      await expect(chat).toContainText('All 42 tests pass now, the login test too.', { timeout: 20_000 });
      await expect(card).toHaveCount(0);
      await expect(page.getByRole('article', { name: say(words, 'ask.permission.headline', { tool: 'bash' }) })).toHaveCount(0);
      await expect(chat).not.toContainText('optionIds');
      await noViolations(page, 'the shell story, told to its end');

      await page.goto(started.url);
      await expect(desk).toContainText(say(words, 'durable.needsYou', { count: '4' }));
    });
  });
}
