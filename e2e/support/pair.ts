import { expect, type Page } from '@playwright/test';

/**
 * Pairs a phone the way a person does: it opens the link the bridge printed, and the app trades
 * the link's secret for the phone's cookie, clears it from the address bar and shows the app.
 */
export async function pairPhone(page: Page, link: string | null): Promise<void> {
  if (!link) throw new Error('the bridge printed no pairing link (a phone was paired already)');
  await page.goto(link);
  // The settings link shows once the phone is paired (found by its place: its name is in the phone's language).
  await expect(page.locator('header a.settings-link')).toBeVisible();
  expect(page.url()).not.toContain('pair=');
}
