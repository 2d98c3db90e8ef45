import { expect, type Page } from '@playwright/test';
import { INTENTS_KEY } from '../../src/app/stores/intents-store';

/**
 * Waits until no answer of this phone is still on its way (none of its intents `sending`). An
 * answer's request holds its conversation until its outcome is in, which on a busy machine can be
 * after the chat already shows it: a send or steer tapped before then is refused as busy, as the
 * person would see it. A person reads that and taps again; a spec waits for this state instead.
 */
export async function answersSettled(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', INTENTS_KEY), { message: 'an answer still on its way' }).not.toContain('"state":"sending"');
}
