import type { Locator, Page } from '@playwright/test';

/** Opens a chat's menu (the header's ⋯) as a person does, and gives its sheet: Rename, Close, Recent sends. */
export async function openChatMenu(page: Page, name = 'Conversation menu'): Promise<Locator> {
  await page.getByRole('button', { name }).click();
  return page.getByRole('dialog');
}
