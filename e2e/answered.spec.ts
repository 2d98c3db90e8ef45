import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { openCollie, type Collie } from '../src/agent/kit';
import { pairAnotherPhone, pairPhone } from './support/pair';
import { collieLink, scratch, startBridge, writeSources } from './support/processes';
import { stopAfterEach } from './support/started';

/**
 * What was answered stays true: the same line on every paired phone (the question as the card
 * headed it, the answer in the card's words, who answered, when), and after the bridge and the
 * agent both restart.
 */
const run = stopAfterEach();

function openAgent(socket: string): Promise<Collie> {
  return openCollie({ socket, hostName: 'a', caps: { asks: true }, log: () => {} });
}

/** The answered line's spans, as a person reads them. */
const lineOf = (page: Page) => page.locator('li.decision.given .given-bubble span');

test('an answer is drawn the same on two phones, and survives a restart of the bridge and the agent', async ({ page, browser }) => {
  const dirs = (run.dirs = await scratch());
  const socket = join(dirs.socketDir, 'a', 'app.sock');
  let agent = (run.agent = await openAgent(socket));
  const layout = (collie: Collie) => collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Deploy' });
  const pane = layout(agent);
  pane.item({ id: 'i1', kind: 'reply', text: 'About to clean the build folder.' });
  const answered = pane.ask({
    kind: 'permission',
    toolCallId: 'clean',
    title: 'the model says: harmless',
    tool: { name: 'bash', input: { command: 'rm -rf build' } },
    options: [
      { id: 'allow', label: 'Allow', effect: 'allow' },
      { id: 'deny', label: 'Deny', effect: 'deny' },
    ],
  });
  agent.ready();
  await writeSources(dirs.configDir, [{ name: 'a', kind: 'durable', socket }]);
  let started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  const other = await browser.newContext();
  run.later(() => other.close());
  const second = await other.newPage();
  await pairAnotherPhone(second, await collieLink(dirs), page);
  const myName = ((await (await page.request.get(`${started.url}api/device`)).json()) as { device: { name: string } }).device.name;

  await page.goto(`${started.url}#/agent/a/chat/p`);
  await page.getByRole('article', { name: 'bash wants to run' }).getByRole('button', { name: 'Allow', exact: true }).click();
  expect(await answered).toEqual({ optionIds: ['allow'] });
  await expect(lineOf(page).nth(2)).toHaveText(/^by this phone · \d{1,2}:\d{2}/);
  const time = (await lineOf(page).nth(2).textContent())!.split(' · ')[1]!;
  await expect(lineOf(page)).toHaveText(['bash wants to run', 'Answered: Allow', `by this phone · ${time}`]);

  await second.goto(`${started.url}#/agent/a/chat/p`);
  await expect(lineOf(second)).toHaveText(['bash wants to run', 'Answered: Allow', `by ${myName} · ${time}`]);

  // Both restart: the agent comes back with its items (the ask long closed), the bridge on the same state.
  await run.bridge.stop();
  await agent.close();
  agent = run.agent = await openAgent(socket);
  layout(agent).item({ id: 'i1', kind: 'reply', text: 'About to clean the build folder.' });
  layout(agent).item({ id: 'i2', kind: 'reply', text: 'Cleaned.' });
  agent.ready();
  started = await startBridge(dirs, ['--port', new URL(started.url).port]);
  run.bridge = started.proc;
  await page.reload();
  await expect(page.getByText('Cleaned.')).toBeVisible();
  await expect(lineOf(page)).toHaveText(['bash wants to run', 'Answered: Allow', `by this phone · ${time}`]);
  // In its place: after what came before the question, before what came after.
  await expect(page.locator('li.entry')).toHaveText([/About to clean/, /bash wants to run/, /Cleaned\./]);
});
