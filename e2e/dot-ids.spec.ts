import { expect, test } from '@playwright/test';
import { scriptedAgent } from '../src/bridge/testing/scripted-agent';
import { scratch, startBridge, writeSources } from './support/processes';
import { pairPhone } from './support/pair';
import { stopAfterEach } from './support/started';

/**
 * Ids `.` and `..` pass no URL unchanged (every layer reads them as dot segments), so the id rule
 * refuses them on both sides: an agent's pane named so is dropped by the bridge, and a link to
 * one on the phone names nothing but the agent's list.
 */
const run = stopAfterEach();

test('panes named . and .. are not listed, the others open, and a link to a dot id shows the list', async ({ page }) => {
  const dirs = (run.dirs = await scratch());
  const agent = await scriptedAgent(dirs.socketDir, 'dots');
  run.later(() => agent.close());
  agent.panes.push({ id: '.', title: 'Dot' }, { id: '..', title: 'Dot dot' }, { id: 'fine', title: 'Fine' });
  agent.routes.set('/pane/:id/events', () => ({
    status: 200,
    body: { epoch: agent.state.epoch, cursor: 0, view: true, items: [{ id: 'i1', kind: 'reply', text: 'all well here' }], asks: [], turn: null, trimmed: false },
  }));
  const { address } = agent.source;
  await writeSources(dirs.configDir, [{ name: 'dots', kind: 'durable', socket: address?.kind === 'socket' ? address.path : '' }]);
  const started = await startBridge(dirs);
  run.bridge = started.proc;

  await pairPhone(page, started.link);
  await page.getByRole('region', { name: 'Durable agents' }).getByRole('link', { name: /dots/ }).click();
  const list = page.getByRole('main');
  await expect(list.getByRole('link', { name: /Fine/ })).toBeVisible();
  await expect(list.getByText('Dot', { exact: true })).toHaveCount(0);
  await expect(list.getByText('Dot dot', { exact: true })).toHaveCount(0);
  await list.getByRole('link', { name: /Fine/ }).click();
  await expect(page.getByText('all well here')).toBeVisible();

  for (const id of ['.', '..']) {
    await page.goto(`${started.url}#/agent/dots/chat/${id}`);
    await expect(page.getByRole('main').getByRole('link', { name: /Fine/ })).toBeVisible();
  }
});
