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

/**
 * Pairs another phone while one is paired already, as a person does: the new phone opens the link
 * and says it waits; on the phone already paired (`approver`), the dashboard's "A new device wants
 * to pair" card gets a tap on Allow, and it goes back to the screen it was on; the new phone is
 * then paired. Found by place, not words: the two phones may speak different languages.
 */
export async function pairAnotherPhone(page: Page, link: string, approver: Page): Promise<void> {
  await page.goto(link);
  await expect(page.locator('main.pair[aria-busy="true"] h2')).toBeVisible();
  expect(page.url()).not.toContain('pair=');
  const was = approver.url();
  // The approver's own address: it may reach the bridge by another name than the link gives.
  await approver.goto(`${new URL(was).origin}/#/`);
  const card = approver.locator('.pairing-card').last();
  await card.locator('button.effect-allow').click();
  await expect(page.locator('header a.settings-link')).toBeVisible();
  await expect(card).toHaveCount(0);
  await approver.goto(was);
}
