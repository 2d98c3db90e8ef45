import { expect, test } from '@playwright/test';
import { scratch, startBridge } from './support/processes';
import { pairPhone } from './support/pair';
import { stopAfterEach } from './support/started';

const run = stopAfterEach();

/** `collie start --demo` (what `npm start` runs) shows the desk agent, and its hostile text stays text. */
test('the demo bridge shows the desk agent and draws hostile agent text as text', async ({ page }) => {
  const dirs = (run.dirs = await scratch());
  const started = await startBridge(dirs, ['--demo']);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  const row = page.getByRole('region', { name: 'Durable agents' }).getByRole('link', { name: /desk/ });
  await expect(row).toContainText('6 open');
  await expect(row).toContainText('5 need you');

  await row.click();
  await expect(page.getByRole('link', { name: /Research/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Long history/ })).toBeVisible();
  await page.getByRole('link', { name: /Research/ }).click();

  const chat = page.getByRole('main');
  await expect(chat).toContainText('<img src=x onerror=alert(1)> is shown as text');
  // Markdown renders its structure, through the one sanitised path, once its renderer loads.
  await expect(chat.getByRole('heading', { name: 'Flaky login test' })).toBeVisible();
  await expect(chat.locator('.markdown li').first()).toContainText('The session cookie is set before the redirect');
  await expect(chat.getByRole('link', { name: 'the CDN docs' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(chat.getByRole('link', { name: 'the CDN docs' })).toHaveAttribute('target', '_blank');
  // Raw HTML inside markdown shows as its characters; a javascript: link keeps its words, not its link.
  await expect(chat).toContainText('<script>alert("owned")</script>');
  await expect(chat).toContainText('<b>bold tag</b>');
  expect(await chat.locator('b, strong:text("bold tag")').count()).toBe(0);
  await expect(chat.getByText('click me')).toBeVisible();
  expect(await chat.locator('a:text("click me")[href]').count()).toBe(0);
  // Nothing the agent wrote became an element, a script or a non-https link.
  expect(await chat.locator('img, script, iframe, object, embed, [onerror], [onclick], [style]').count()).toBe(0);
  const hrefs = await chat.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.every((href) => href?.startsWith('https://'))).toBe(true);
  // Direction overrides and zero-width characters were removed before the phone saw them.
  const text = (await chat.textContent()) ?? '';
  expect(/[\u202a-\u202e\u2066-\u2069\u200b-\u200d]/.test(text)).toBe(false);
});
