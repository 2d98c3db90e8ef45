import { expect, test } from '@playwright/test';
import { scratch, startBridge, type Proc } from './support/processes';

/** `collie start --demo` (what `npm start` runs) shows the desk agent, and its hostile text stays text. */
test('the demo bridge shows the desk agent and draws hostile agent text as text', async ({ page }) => {
  const dirs = await scratch();
  let bridge: Proc | undefined;
  try {
    const started = await startBridge(dirs, ['--demo']);
    bridge = started.proc;
    await page.goto(started.url);
    const row = page.getByRole('region', { name: 'Durable agents' }).getByRole('link', { name: /desk/ });
    await expect(row).toContainText('6 open');
    await expect(row).toContainText('5 need you');

    await row.click();
    await expect(page.getByRole('link', { name: /Research/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Long history/ })).toBeVisible();
    await page.getByRole('link', { name: /Research/ }).click();

    const chat = page.getByRole('main');
    await expect(chat).toContainText('<img src=x onerror=alert(1)> is shown as text');
    await expect(chat).toContainText('<script>alert("owned")</script>');
    // Nothing the agent wrote became an element, a script or a non-https link.
    expect(await chat.locator('img, script, iframe, object, embed').count()).toBe(0);
    const hrefs = await chat.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.every((href) => href?.startsWith('https://'))).toBe(true);
    // Direction overrides and zero-width characters were removed before the phone saw them.
    const text = (await chat.textContent()) ?? '';
    expect(/[\u202a-\u202e\u2066-\u2069\u200b-\u200d]/.test(text)).toBe(false);
  } finally {
    await bridge?.stop();
    await dirs.cleanup();
  }
});
