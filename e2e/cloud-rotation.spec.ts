import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { freePort, startCloudDev, type CloudRun } from '../src/agent/cloudflare/testing/cloud-dev-run';
import { WIRE_PREFIX } from '../src/wire/agent-paths';
import { attachHostedAndOpen } from './support/hosted';
import { collie, scratch } from './support/processes';
import { stopAfterEach } from './support/started';
import { LANGUAGES, say } from './support/words';

/**
 * A hosted agent's token rotated as README "An agent in the cloud" says, with the phone looking
 * the whole time: the new token set as COLLIE_TOKEN_NEXT, Collie attached again with it and
 * restarted, the new token moved into COLLIE_TOKEN. The phone never shows the agent refusing the
 * token, the agent still answers it, and the old token gets the bare 401.
 */
const run = stopAfterEach();
const OLD = 'e2e-rotation-old-token-1a3c5e7b9d1f3a5c7e9b1d3f5a7c';
const NEW = 'e2e-rotation-new-token-2b4d6f8a0c2e4b6d8f0a2c4e6b8d';
const { words } = LANGUAGES.find((l) => l.code === 'en')!;
const REFUSED = [say(words, 'durable.tokenRefused'), say(words, 'chat.agentTokenRefused'), say(words, 'reason.tokenRefused')];

// Three starts of workerd: room for a busy machine.
test.setTimeout(150_000);

test('the README’s rotation steps lose no access: the phone never sees the token refused, and the old token is refused after', async ({ page }) => {
  const dirs = (run.dirs = await scratch());
  const port = await freePort();
  const state = join(dirs.root, 'cloud');
  let workerd: CloudRun | undefined;
  run.later(() => workerd?.stop());
  const restartWorkerd = async (vars: Record<string, string>) => {
    await workerd?.stop();
    workerd = await startCloudDev('desk', { port, state, vars });
  };
  const hello = (token: string) => fetch(`${workerd!.url}${WIRE_PREFIX}/hello`, { headers: { authorization: `Bearer ${token}` } });

  await restartWorkerd({ COLLIE_TOKEN: OLD });
  // Every text the page ever shows is watched, not only what is there when the test looks (kept across a reload).
  await page.addInitScript((refused: string[]) => {
    new MutationObserver(() => {
      const text = document.body?.innerText ?? '';
      const found = refused.find((words) => text.includes(words));
      if (found) sessionStorage.setItem('refusalSeen', found);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, REFUSED);
  await attachHostedAndOpen(page, run, dirs, { name: 'cloud-desk', url: workerd!.url, token: OLD, pane: /Shell/ });
  const card = page.getByRole('article', { name: say(words, 'ask.permission.headline', { tool: 'bash' }) });
  await expect(card).toContainText('rm -rf build/');

  // 1. The new token beside the old one: both are taken.
  await restartWorkerd({ COLLIE_TOKEN: OLD, COLLIE_TOKEN_NEXT: NEW });
  expect([(await hello(OLD)).status, (await hello(NEW)).status]).toEqual([200, 200]);
  // 2. Collie attached again with the new token, and restarted.
  const attached = await collie(dirs, ['durable', 'attach', 'cloud-desk', '--url', workerd!.url, '--token-env', 'HOSTED_TOKEN', '--restart'], { HOSTED_TOKEN: NEW });
  expect(attached.output).toContain('restarted');
  // 3. The new token is the only one.
  await restartWorkerd({ COLLIE_TOKEN: NEW });
  const refused = await hello(OLD);
  expect([refused.status, await refused.json()]).toEqual([401, { code: 'unauthorized' }]);

  // The phone reaches the agent with the new token: its card still answers.
  await card.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(page.locator('ol.entries')).toContainText('Removed build/ — 14 files.', { timeout: 30_000 });
  expect(await page.evaluate(() => sessionStorage.getItem('refusalSeen'))).toBeNull();
});
