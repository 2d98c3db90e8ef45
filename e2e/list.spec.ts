import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { openCollie, type Collie } from '../src/agent/kit';
import { scratch, startBridge, writeSources } from './support/processes';
import { pairPhone } from './support/pair';
import { stopAfterEach } from './support/started';

/**
 * An agent's list tells what happened: each row's newest item in one line, when it last moved, its
 * state and how many questions wait; closed rows carry when they closed. (How times are worded,
 * and the order, are lists-and-switch.spec.ts's.) Renaming and closing
 * workspaces and tabs lives on the Manage screen, and an agent that is not attached says so.
 */
let dirs: Awaited<ReturnType<typeof scratch>>;
let collie: Collie | undefined;

const run = stopAfterEach();

test.beforeEach(async () => {
  dirs = run.dirs = await scratch();
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
const notesAt = hoursAgo(3);

async function deskAndBridge(page: Page) {
  const socket = join(dirs.socketDir, 'desk', 'app.sock');
  collie = run.agent = await openCollie({ socket, hostName: 'desk', caps: { asks: true, send: true, rename: true, close: true, history: true }, log: () => {} });
  const tab = collie.workspace('w', { title: 'Work' }).tab('t', { title: 'Main' });
  const deploy = tab.pane('deploy', { title: 'Deploy' });
  deploy.item({ id: 'd1', kind: 'reply', text: 'Staging is green.\nShipping next.' });
  deploy.item({ id: 'd2', kind: 'tool', toolCallId: 'c1', name: 'Bash', summary: 'npm run deploy', status: 'running' });
  deploy.startTurn();
  const notes = tab.pane('notes', { title: 'Notes' });
  notes.item({ id: 'n1', kind: 'user', text: 'remember the release notes', at: notesAt });
  const review = collie.workspace('w2', { title: 'Side' }).tab('t2', { title: 'Reviews' }).pane('review', { title: 'Review' });
  review.item({ id: 'r1', kind: 'reply', text: 'Two findings.', at: hoursAgo(26) });
  void review.ask({ kind: 'text', toolCallId: 'q', title: 'Merge it?' }).catch(() => {});
  const old = tab.pane('old', { title: 'Old plan' });
  old.item({ id: 'o1', kind: 'reply', text: 'done' });
  old.close();
  collie.ready();
  await writeSources(dirs.configDir, [{ name: 'desk', kind: 'durable', socket }]);
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  return { url: started.url, notes };
}

const row = (page: Page, pane: string) => page.locator(`[data-pane="${pane}"]`);
/** A time today, as the page's own Intl writes a clock time (white space made plain). */
const clockOf = (page: Page, iso: string) =>
  page.evaluate((at) => new Intl.DateTimeFormat(document.documentElement.lang, { hour: 'numeric', minute: '2-digit' }).format(at).replace(/\s/gu, ' '), Date.parse(iso));
async function expectClockTime(page: Page, time: ReturnType<Page['locator']>) {
  const iso = (await time.getAttribute('datetime'))!;
  expect((await time.textContent())?.replace(/\s/gu, ' ')).toBe(await clockOf(page, iso));
}

test('each row shows its newest item (or the question it waits on), when it last moved, its state and what waits; a closed row when it closed', async ({ page }) => {
  const { url, notes } = await deskAndBridge(page);
  await page.goto(`${url}#/agent/desk`);

  await expect(row(page, 'deploy').locator('.row-preview')).toHaveText('Tool: Bash');
  await expectClockTime(page, row(page, 'deploy').locator('.row-time'));
  await expect(row(page, 'deploy').locator('.row-state')).toHaveText('working');

  await expect(row(page, 'notes').locator('.row-preview')).toHaveText('You: remember the release notes');
  await expect(row(page, 'notes').locator('.row-time')).toHaveAttribute('datetime', notesAt);
  await expect(row(page, 'notes').locator('.row-state')).toHaveText('idle');

  const waiting = page.getByRole('region', { name: 'Needs you' });
  await expect(waiting.locator('[data-pane="review"] .row-preview')).toHaveText('Merge it?'); // what it waits for, not its newest item
  await expect(waiting.locator('[data-pane="review"] .row-time')).toHaveCount(1); // the ask's time: it waits since then
  await expect(waiting.locator('[data-pane="review"] .row-state')).toHaveText('waiting');
  await expect(waiting.locator('[data-pane="review"] .row-waiting')).toHaveText('1 to answer');

  const closed = page.getByRole('region', { name: 'Closed' }).getByRole('link', { name: /Old plan/ });
  await expectClockTime(page, closed.locator('.row-time')); // closed today: its time, not a bare date

  // A new item reaches the row while the list is open.
  notes.item({ id: 'n2', kind: 'reply', text: 'Noted.' });
  await expect(row(page, 'notes').locator('.row-preview')).toHaveText('Noted.');
  await expect(row(page, 'notes').locator('.row-time')).not.toHaveAttribute('datetime', notesAt);
  await expectClockTime(page, row(page, 'notes').locator('.row-time'));
});

test('the list holds no rename or close; the Manage screen does, and a close needs the second tap', async ({ page }) => {
  const { url } = await deskAndBridge(page);
  await page.goto(`${url}#/agent/desk`);
  await expect(row(page, 'deploy')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rename' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Close' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Manage workspaces and tabs' }).click();
  await expect(page).toHaveURL(/#\/agent\/desk\/manage$/);
  await expect(page.getByRole('heading', { name: 'Manage desk' })).toBeFocused();
  const tab = page.getByRole('group', { name: 'Tab Reviews' });
  await tab.getByRole('button', { name: 'Rename' }).click();
  await tab.getByLabel('New name').fill('Code review');
  await tab.getByRole('button', { name: 'Save' }).click();
  const renamed = page.getByRole('group', { name: 'Tab Code review' });
  await expect(renamed).toBeVisible();
  expect(collie!.state.workspaces.get('w2')!.tabs.get('t2')!.title).toBe('Code review');

  await renamed.getByRole('button', { name: 'Close' }).click();
  await expect(renamed).toContainText('Tap again to close.');
  expect(collie!.state.workspaces.get('w2')!.tabs.has('t2')).toBe(true);
  await renamed.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('group', { name: 'Tab Code review' })).toHaveCount(0);
  expect(collie!.state.workspaces.get('w2')?.tabs.has('t2') ?? false).toBe(false);

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/#\/agent\/desk$/);
  await expect(row(page, 'review')).toHaveCount(0);
});

test('an agent that is not attached says so, not that the bridge is lost', async ({ page }) => {
  const { url } = await deskAndBridge(page);
  await page.goto(`${url}#/agent/nobody`);
  await expect(page.getByRole('status')).toHaveText('This durable agent is not attached.');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.goto(`${url}#/agent/nobody/manage`);
  await expect(page.getByRole('status')).toHaveText('This durable agent is not attached.');
});
