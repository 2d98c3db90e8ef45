import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { openCollie, type Collie, type PaneHandle } from '../src/agent/kit';
import { scratch, startBridge, writeSources } from './support/processes';
import { pairPhone } from './support/pair';
import { stopAfterEach } from './support/started';

/**
 * The reading half, live: a real kit agent on a real private socket (driven from this test),
 * the real bridge, and a phone-sized Chromium.
 */
let dirs: Awaited<ReturnType<typeof scratch>>;
let collie: Collie | undefined;
let socket: string;

const run = stopAfterEach();

const open = (s: string) => openCollie({ socket: s, hostName: 'live', caps: { asks: true, history: true, close: true }, log: () => {} });

test.beforeEach(async () => {
  dirs = run.dirs = await scratch();
  socket = join(dirs.socketDir, 'live', 'app.sock');
  collie = run.agent = await open(socket);
  await writeSources(dirs.configDir, [{ name: 'live', kind: 'durable', socket }]);
});

function layout(c: Collie): { deploy: PaneHandle; notes: PaneHandle } {
  const tab = c.workspace('w', { title: 'Work' }).tab('t', { title: 'Main' });
  return { deploy: tab.pane('deploy', { title: 'Deploy' }), notes: tab.pane('notes', { title: 'Notes' }) };
}

test('the row counts follow the agent and the section moves up while an ask waits', async ({ page }) => {
  const { deploy } = layout(collie!);
  collie!.ready();
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  const row = page.locator('[data-agent="live"]');
  await expect(row).toContainText('2 open');
  await expect(row).not.toContainText(/needs? you/);
  const sections = page.locator('main > section');
  await expect(sections.first()).toHaveAttribute('aria-labelledby', 'bridge-heading');

  void deploy.ask({ kind: 'choice', toolCallId: 'q1', title: 'Ship it?', multiple: false, options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
  await expect(row).toContainText('1 needs you');
  await expect(sections.first()).toHaveAttribute('aria-labelledby', 'durable-heading');

  deploy.decide('q1');
  await expect(row).not.toContainText(/needs? you/);
  await expect(sections.first()).toHaveAttribute('aria-labelledby', 'bridge-heading');
});

test('an agent that goes away shows Unreachable, and comes back', async ({ page }) => {
  layout(collie!);
  collie!.ready();
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  const row = page.locator('[data-agent="live"]');
  await expect(row).toContainText('2 open');
  await collie!.close();
  collie = run.agent = undefined;
  await expect(row).toContainText('Unreachable');
  await expect(row).toContainText('Unreachable: nothing listens at its socket'); // the bridge's code, worded by the phone
  collie = run.agent = await open(socket);
  layout(collie);
  collie.ready();
  await expect(row).toContainText('2 open');
});

test('a new item appears in an open chat as the agent writes it, and old rows are left alone', async ({ page }) => {
  const { deploy } = layout(collie!);
  for (let i = 1; i <= 30; i += 1) deploy.item({ id: `m${i}`, kind: 'reply', text: `message ${i}` });
  collie!.ready();
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  await page.goto(`${started.url}#/agent/live/chat/deploy`);
  const entries = page.locator('ol.entries > li');
  // The chat opens at its newest rows (the ones above are drawn as the reader scrolls up to them).
  await expect(entries.last()).toHaveText('message 30');
  const drawn = await entries.count();
  // Watch the rows already drawn: appending must not touch them.
  await page.evaluate(() => {
    const w = window as unknown as { touched: number };
    w.touched = 0;
    const list = document.querySelector('ol.entries')!;
    new MutationObserver((records) => {
      for (const r of records) if (r.target !== list) w.touched += 1;
    }).observe(list, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  deploy.item({ id: 'fresh', kind: 'reply', text: 'written just now' });
  await expect(entries.last()).toHaveText('written just now');
  await expect(entries).toHaveCount(drawn + 1);
  expect(await page.evaluate(() => (window as unknown as { touched: number }).touched)).toBe(0);
});

test('a closed conversation opens read-only from the agent history', async ({ page }) => {
  const { notes } = layout(collie!);
  notes.item({ id: 'n1', kind: 'reply', text: 'kept in history' });
  void notes.ask({ kind: 'text', toolCallId: 'q', title: 'Anything else?' }).catch(() => {});
  notes.close();
  collie!.ready();
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  await page.goto(`${started.url}#/agent/live`);
  const closed = page.getByRole('region', { name: 'Closed' });
  await closed.getByRole('link', { name: /Notes/ }).click();
  await expect(page.getByRole('main')).toContainText('kept in history');
  await expect(page.getByRole('main')).toContainText('This conversation is closed');
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
});

test('a trimmed conversation shows the line in place of its beginning', async ({ page }) => {
  const { deploy } = layout(collie!);
  for (let i = 1; i <= 10050; i += 1) deploy.item({ id: `h${i}`, kind: 'reply', text: `line ${i}` });
  collie!.ready();
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  await page.goto(`${started.url}#/agent/live/chat/deploy`);
  const line = page.getByText('Older messages were left out: the durable agent no longer keeps them.');
  await expect(page.locator('ol.entries > li').last()).toHaveText('line 10050');
  // The chat opens with its newest entries: the line waits at the real beginning, once the rest is read.
  await expect(line).toHaveCount(0);
  await page.getByRole('button', { name: 'Show older messages' }).click();
  await expect(line).toBeVisible();
});
