import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { freePort, startCloudDev, type CloudRun } from '../src/agent/cloudflare/testing/cloud-dev-run';
import { attachHostedAndOpen } from './support/hosted';
import { scratch } from './support/processes';
import { stopAfterEach } from './support/started';
import { LANGUAGES, say } from './support/words';

/**
 * The hosted desk on Cloudflare's runtime (the real workerd, `npm run cloud:dev`), attached by
 * its URL and token as a person attaches it, answered from the phone; then workerd restarts
 * with a card open, and the phone finds the same conversation and a card that still answers.
 */
const run = stopAfterEach();
const TOKEN = 'e2e-cloud-token-3b5d7f9a1c3e5b7d9f1a3c5e7b9d0f2a';
const { words } = LANGUAGES.find((l) => l.code === 'en')!;

// Two starts of workerd: room for a busy machine.
test.setTimeout(120_000);

test('the hosted desk’s card is answered once from the phone, and a restart of workerd keeps the chat and the open card', async ({ page }) => {
  const dirs = (run.dirs = await scratch());
  const port = await freePort();
  const cloud = { port, state: join(dirs.root, 'cloud'), vars: { COLLIE_TOKEN: TOKEN } };
  let workerd: CloudRun = await startCloudDev('desk', cloud);
  run.later(() => workerd.stop());
  await attachHostedAndOpen(page, run, dirs, { name: 'cloud-desk', url: workerd.url, token: TOKEN, pane: /Shell/ });
  const card = page.getByRole('article', { name: say(words, 'ask.permission.headline', { tool: 'bash' }) });
  await expect(card).toContainText('rm -rf build/');
  await card.getByRole('button', { name: 'Allow', exact: true }).click();
  const chat = page.locator('ol.entries');
  await expect(chat).toContainText('Removed build/ — 14 files.');
  // The next step's card: open while workerd stops.
  await expect(card).toContainText('npm run build', { timeout: 20_000 });

  await workerd.stop();
  workerd = await startCloudDev('desk', cloud);
  await card.getByRole('button', { name: 'Deny' }).click();
  await expect(chat).toContainText("Okay, I won't build it.", { timeout: 30_000 });
  await expect(card).toHaveCount(0);
  // The first answer ran its tool once, and the restart brought back no second copy of anything.
  await expect(chat.getByText('Removed build/ — 14 files.')).toHaveCount(1);
  await expect(chat.getByText('rm -rf build/')).toHaveCount(1);
});
