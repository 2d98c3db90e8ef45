import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { openCollie, type SendContext } from '../src/agent/kit';
import { pairPhone } from './support/pair';
import { scratch, startBridge, writeSources } from './support/processes';
import { stopAfterEach } from './support/started';

/**
 * Each screen says the right thing when what it shows is not there, and nothing typed into the
 * composer is lost on a reload: a real kit agent, the real bridge, Chromium at phone size.
 */
const run = stopAfterEach();

/** A desk agent with one open conversation that takes sends, and a history; the phone paired. */
async function setUp(page: Page) {
  const dirs = (run.dirs = await scratch());
  const socket = join(dirs.socketDir, 'desk', 'app.sock');
  const agent = (run.agent = await openCollie({ socket, hostName: 'desk', caps: { send: true, history: true }, log: () => {} }));
  agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Release' });
  const sent: SendContext[] = [];
  agent.handle({ send: (turn) => void sent.push(turn) });
  agent.ready();
  await writeSources(dirs.configDir, [{ name: 'desk', kind: 'durable', socket }]);
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  return { url: started.url, sent };
}

test('a chat of an agent that is not attached, and a conversation the agent no longer has, each say so in their own words', async ({ page }) => {
  const { url } = await setUp(page);
  await page.goto(`${url}#/agent/nobody/chat/p`);
  await expect(page.getByRole('main')).toContainText('This durable agent is not attached.');
  await expect(page.getByRole('main')).not.toContainText('not answering');
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to the conversations' })).toHaveAttribute('href', '#/agent/nobody');

  await page.goto(`${url}#/agent/desk/closed/c-gone`);
  await expect(page.getByRole('heading', { name: 'Conversation not found' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('The durable agent no longer has this conversation.');
  await expect(page.getByRole('button', { name: 'Reopen' })).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText('c-gone'); // the raw id is no title
});

test('the composer keeps a typed message across a reload, and lets it go once sent', async ({ page }) => {
  const { url, sent } = await setUp(page);
  await page.goto(`${url}#/agent/desk/chat/p`);
  const message = page.getByRole('region', { name: 'Write to the agent' }).getByLabel('Message', { exact: true });
  await message.fill('ship 2.0 after lunch');
  await page.reload();
  await expect(message).toHaveValue('ship 2.0 after lunch');
  await page.getByRole('region', { name: 'Write to the agent' }).getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => sent.map((turn) => turn.text)).toEqual(['ship 2.0 after lunch']);
  await expect(message).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Release' })).toBeVisible();
  await expect(message).toHaveValue('');
});
