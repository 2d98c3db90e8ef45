import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { startStandInModel } from '../src/agent/cloudflare/dev/stand-in-model';
import { freePort, startCloudDev } from '../src/agent/cloudflare/testing/cloud-dev-run';
import { textOf } from '../src/agent/pi/testing/scripted-model';
import { attachHostedAndOpen } from './support/hosted';
import { scratch } from './support/processes';
import { stopAfterEach } from './support/started';
import { LANGUAGES, say } from './support/words';

/**
 * An Agents SDK agent (the release helper: `AIChatAgent` with `withCollie`) under the real
 * workerd, its model the scripted stand-in on 127.0.0.1, attached by URL and token and asked from
 * the phone: the model's tool call is a card; Allow runs the tool once, Deny runs nothing and the
 * model is told.
 */
const run = stopAfterEach();
const TOKEN = 'e2e-agents-token-9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a9c';
const { words } = LANGUAGES.find((l) => l.code === 'en')!;

test.setTimeout(120_000);

const composer = (page: Page) => page.getByRole('region', { name: 'Write to the agent' });
async function write(page: Page, text: string) {
  await composer(page).getByLabel('Message', { exact: true }).fill(text);
  await composer(page).getByRole('button', { name: 'Send', exact: true }).click();
}

test('an Agents SDK tool approval is answered from the phone: Allow runs it once, Deny runs nothing and the model is told', async ({ page }) => {
  const dirs = (run.dirs = await scratch());
  const model = await startStandInModel();
  run.later(() => model.close());
  const vars = { COLLIE_TOKEN: TOKEN, OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: 'not-a-key' };
  const workerd = await startCloudDev('agents', { port: await freePort(), state: join(dirs.root, 'cloud'), vars });
  run.later(() => workerd.stop());
  await attachHostedAndOpen(page, run, dirs, { name: 'release-helper', url: workerd.url, token: TOKEN, pane: /Release helper/ });
  const chat = page.locator('ol.entries');
  const card = page.getByRole('article', { name: say(words, 'ask.permission.headline', { tool: 'publish_release' }) });
  const tools = chat.locator('[data-kind="tool"]');

  await write(page, 'publish 1.4.0');
  await expect(card).toContainText('1.4.0');
  await card.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(chat).toContainText('The tool answered: Published 1.4.0 (release number 1 from this helper).');
  await expect(card).toHaveCount(0);
  await expect(tools.first()).toContainText('Published 1.4.0');

  await write(page, 'publish 2.0.0');
  await expect(card).toContainText('2.0.0');
  await page.screenshot({ path: 'test-results/cloud-agents/card.png' });
  await card.getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(chat).toContainText('The tool answered: Tool call execution denied.');
  await expect(tools.last()).toContainText('denied');

  // The tool ran once in all: one result reached the model, and the refusal reached it as a refusal.
  const told = model.requests.flatMap((messages) => messages.filter((m) => m.role === 'tool').map(textOf));
  expect(told.filter((t) => t.includes('Published'))).toEqual(told.filter((t) => t.includes('Published 1.4.0 (release number 1')));
  expect(told.some((t) => t.includes('Tool call execution denied.'))).toBe(true);
  await expect(chat.getByText('Published 2.0.0')).toHaveCount(0);
  await expect(chat.getByText('publish 1.4.0', { exact: true })).toHaveCount(1);
});
