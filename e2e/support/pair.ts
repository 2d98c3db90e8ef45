import { expect, type Page } from '@playwright/test';

/**
 * Pairs a phone the way a person does: it opens the link the bridge printed, and the app trades
 * the link's secret for the phone's cookie, clears it from the address bar and shows the app.
 */
export async function pairPhone(page: Page, link: string | null): Promise<void> {
  if (!link) throw new Error('the bridge printed no pairing link (a phone was paired already)');
  await page.goto(link);
  await expect(page.getByRole('link', { name: 'This phone' })).toBeVisible();
  expect(page.url()).not.toContain('pair=');
}
