import { devices, expect, test, type Page } from '@playwright/test';
import { chatRow, openLongChat } from './support/long-chat';
import { stopAfterEach } from './support/started';

/**
 * A chat opened from its address (a notification's tap, a link) asks for the chat's code as the
 * page is read, not once the app has come and started; the bridge's policy lets the page's own
 * script do that, and nothing else runs inline. A browser that has never run the app, the real
 * bridge and a kit agent.
 */
const run = stopAfterEach();

/** Every policy violation the page reports, from its first script on. */
async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { seen: string[] }).seen);
}

test("a chat opened from its address asks for its code while the app's own script is still on its way", async ({ page, browser }) => {
  const { url } = await openLongChat(run, page, 40, {});
  await expect(chatRow(page, 'line 40')).toBeVisible();
  const context = await browser.newContext({ ...devices['Pixel 7'], storageState: await page.context().storageState() });
  try {
    const cold = await context.newPage();
    await cold.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective}: ${event.blockedURI}`));
    });
    // The app's script is held back: only the page itself can ask for the chat's code meanwhile.
    let releaseApp!: () => void;
    const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
    const appAsked = new Promise<string>(
      (resolve) =>
        void cold.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
          resolve(route.request().url());
          await appHeld;
          await route.continue();
        }),
    );
    const chatCodeAsked = cold.waitForRequest(/\/assets\/chat-[\w-]+\.js$/);
    const chatStyleAsked = cold.waitForRequest(/\/assets\/chat-[\w-]+\.css$/);
    await cold.goto(`${url}#/agent/long/chat/p`, { waitUntil: 'commit' });
    await appAsked;
    await Promise.all([chatCodeAsked, chatStyleAsked]);
    releaseApp();
    await expect(chatRow(cold, 'line 40')).toBeVisible();
    // Asked for once each: the app's loader found the page's hints and took their files.
    const chatFiles = await cold.evaluate(() => performance.getEntriesByType('resource').filter((entry) => /\/assets\/chat-[\w-]+\.(js|css)$/.test(entry.name)).length);
    expect(chatFiles).toBe(2);
    expect(await violations(cold)).toEqual([]);

    // Any other screen leaves the chat's code alone.
    const dashboard = await context.newPage();
    await dashboard.goto(url);
    await expect(dashboard.locator('header a.settings-link')).toBeVisible();
    expect(await dashboard.locator('link[href*="/assets/chat-"]').count()).toBe(0);
  } finally {
    await context.close();
  }
});
