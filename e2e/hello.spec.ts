import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { scratch, startAgent, startBridge, writeSources } from './support/processes';
import { pairPhone } from './support/pair';
import { stopAfterEach } from './support/started';

const run = stopAfterEach();

/**
 * The quick start, as a person does it: a real `hello` agent on a real private socket, the real
 * bridge reading sources.json, and a phone-sized Chromium tapping Yes.
 */
test('the hello agent asks, the phone answers Yes, the agent prints it once and exits', async ({ page }) => {
  const dirs = (run.dirs = await scratch());
  const socket = join(dirs.socketDir, 'hello', 'app.sock');
  const agent = startAgent('hello', socket);
  run.later(() => agent.stop());
  await agent.waitFor(/listening /);
  await writeSources(dirs.configDir, [{ name: 'hello', kind: 'durable', socket }]);
  const started = await startBridge(dirs);
  run.bridge = started.proc;

  await pairPhone(page, started.link);
  const section = page.getByRole('region', { name: 'Durable agents' });
  const row = section.getByRole('link', { name: /hello/ });
  await expect(row).toContainText('Experimental');
  await expect(row).toContainText('1 open');
  await expect(row).toContainText('1 needs you');

  await row.click();
  const conversation = page.getByRole('link', { name: /Deploy/ });
  await expect(page.getByRole('heading', { name: 'Needs you' })).toBeVisible();
  await conversation.click();

  const card = page.getByRole('article', { name: 'Deploy to staging?' });
  await expect(card).toContainText('Asked by hello');
  await card.getByRole('button', { name: 'Yes' }).click();
  await expect(card).toHaveCount(0);

  expect(await agent.waitForExit()).toBe(0);
  expect(agent.output.match(/^answer: .*$/gm)).toEqual(['answer: yes']);

  // With the agent gone, the phone says so instead of showing stale counts.
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('region', { name: 'Durable agents' }).getByRole('link', { name: /hello/ })).toContainText('Unreachable');
});
