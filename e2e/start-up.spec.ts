import { devices, expect, test, type Page, type Request } from '@playwright/test';
import { chatRow, openLongChat } from './support/long-chat';
import { stopAfterEach } from './support/started';

/**
 * A chat opened from its address (a notification's tap, a link) asks for the chat's code, and the
 * dashboard and a chat for their first data, as the page is read, not once the app has come and
 * started; the app takes those replies as its own. The bridge's policy lets the page's own script
 * do that, and nothing else runs inline. What can wait (the worker's install) waits for the chat's
 * first rows. A browser that has never run the app, the real bridge and a kit agent.
 */
const run = stopAfterEach();

/** Holds the app's own script back until `release`: only the page itself can ask for anything meanwhile. */
function holdAppScript(page: Page): { asked: Promise<string>; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked = new Promise<string>(
    (resolve) =>
      void page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        resolve(route.request().url());
        await held;
        await route.continue();
      }),
  );
  return { asked, release };
}

/** Every read of the phone API the page makes, by path and query. */
function apiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/api/') && request.method() === 'GET') reads.push(pathname + search);
  });
  return reads;
}

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
    const app = holdAppScript(cold);
    const reads = apiReads(cold);
    const chatCodeAsked = cold.waitForRequest(/\/assets\/chat-[\w-]+\.js$/);
    const chatStyleAsked = cold.waitForRequest(/\/assets\/chat-[\w-]+\.css$/);
    const chatRead = cold.waitForRequest((request) => request.url().endsWith('/api/agents/long/panes/p?tail=1'));
    const pairingCheck = cold.waitForRequest((request) => request.url().endsWith('/api/device'));
    await cold.goto(`${url}#/agent/long/chat/p`, { waitUntil: 'commit' });
    await app.asked;
    await Promise.all([chatCodeAsked, chatStyleAsked, chatRead, pairingCheck]);
    app.release();
    await expect(chatRow(cold, 'line 40')).toBeVisible();
    // Asked for once each: the app's loader found the page's hints and took their files, and the app took the page's reads.
    const chatFiles = await cold.evaluate(() => performance.getEntriesByType('resource').filter((entry) => /\/assets\/chat-[\w-]+\.(js|css)$/.test(entry.name)).length);
    expect(chatFiles).toBe(2);
    expect(reads.filter((read) => read === '/api/device' || read === '/api/agents/long/panes/p?tail=1')).toEqual(['/api/device', '/api/agents/long/panes/p?tail=1']);
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

test("the dashboard asks for its data while the app's own script is still on its way, and the app takes it", async ({ page, browser }) => {
  const { url } = await openLongChat(run, page, 1, {});
  const context = await browser.newContext({ ...devices['Pixel 7'], storageState: await page.context().storageState() });
  try {
    const cold = await context.newPage();
    const app = holdAppScript(cold);
    const reads = apiReads(cold);
    const asked = Promise.all(['/api/device', '/api/dashboard'].map((path) => cold.waitForRequest((request) => new URL(request.url()).pathname === path)));
    await cold.goto(url, { waitUntil: 'commit' });
    await app.asked;
    await asked;
    expect(reads).toEqual(['/api/device', '/api/dashboard']);
    app.release();
    await expect(cold.locator('a.agent-row[data-agent="long"]')).toBeVisible();
    // The app's first reads were the page's: after them, only the long-poll.
    await expect.poll(() => reads.length).toBeGreaterThan(2);
    expect(reads.slice(0, 2)).toEqual(['/api/device', '/api/dashboard']);
    expect(reads.slice(2).every((read) => /^\/api\/dashboard\?wait=1/.test(read))).toBe(true);
  } finally {
    await context.close();
  }
});

test("a chat opened from its address leaves the worker's install until its first rows are drawn", async ({ page, browser }) => {
  const { url } = await openLongChat(run, page, 40, {});
  await expect(chatRow(page, 'line 40')).toBeVisible();
  const context = await browser.newContext({ ...devices['Pixel 7'], storageState: await page.context().storageState() });
  try {
    const cold = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await cold.route(
      (address) => address.pathname === '/api/agents/long/panes/p' && address.search === '?tail=1',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const installCode = (request: Request) => /\/assets\/workbox-window[\w.-]*\.js$|\/service-worker\.js$/.test(request.url());
    const install = new Promise<void>((resolve) => cold.on('request', (request) => installCode(request) && resolve()));
    await cold.goto(`${url}#/agent/long/chat/p`);
    // The chat's first render: its header, and no rows while its read is held.
    await expect(cold.locator('header.screen-header')).toBeVisible();
    // Before, the install began at the first idle after that render (at most 1.5 s). Only it, or this bound, ends the wait.
    const early = await Promise.race([install.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000))]);
    expect(early).toBe(false);
    expect(await cold.locator('ol.entries > li').count()).toBe(0);
    release();
    await expect(chatRow(cold, 'line 40')).toBeVisible();
    await install;
    expect(await cold.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
  } finally {
    await context.close();
  }
});
