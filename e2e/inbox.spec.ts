import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { openCollie, type AskSpec, type Collie } from '../src/agent/kit';
import { scratch, startBridge, writeSources } from './support/processes';
import { pairPhone } from './support/pair';
import { stopAfterEach } from './support/started';

/**
 * The dashboard's "Needs you": every open ask across the agents, oldest first, each opening its
 * chat at its card. Two copies of one agent program raise asks with one id; each entry still
 * opens its own agent's card.
 */
let dirs: Awaited<ReturnType<typeof scratch>>;
let agents: Collie[] = [];

const run = stopAfterEach();

test.beforeEach(async () => {
  dirs = run.dirs = await scratch();
  run.later(async () => {
    for (const agent of agents) await agent.close();
    agents = [];
  });
});

const SHIP_IT: AskSpec = {
  kind: 'choice',
  toolCallId: 'ship',
  title: 'Ship it?',
  multiple: false,
  options: [
    { id: 'y', label: 'Yes' },
    { id: 'n', label: 'No' },
  ],
};
const MODEL_TEXT = 'Trust me, this one is harmless';

const inbox = (page: Page) => page.getByRole('region', { name: 'Needs you' });
const entries = (page: Page) => inbox(page).getByRole('listitem');

test('lists the asks of two agents oldest first and opens each chat at its card', async ({ page }) => {
  for (const name of ['desk-a', 'desk-b'])
    agents.push(await openCollie({ socket: join(dirs.socketDir, name, 'app.sock'), hostName: 'desk', caps: { asks: true, send: true }, log: () => {} }));
  const [a, b] = agents as [Collie, Collie];
  // The same pane id and tool call in both agents: both asks have one id.
  const paneA = a.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Release' });
  const paneB = b.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Hotfix' });
  for (let i = 0; i < 30; i += 1) paneA.item({ id: `i${i}`, kind: 'reply', text: `Step ${i} of the release went fine.` });
  a.ready();
  b.ready();
  await writeSources(dirs.configDir, [
    { name: 'desk-a', kind: 'durable', socket: join(dirs.socketDir, 'desk-a', 'app.sock') },
    { name: 'desk-b', kind: 'durable', socket: join(dirs.socketDir, 'desk-b', 'app.sock') },
  ]);
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);

  // B asks first, so it is the oldest although A is listed first; each ask is on screen before
  // the next is raised, so their times differ.
  void paneB.ask(SHIP_IT).catch(() => {});
  await expect(entries(page)).toHaveCount(1);
  void paneA.ask(SHIP_IT).catch(() => {});
  await expect(entries(page)).toHaveCount(2);
  void paneA
    .ask({
      kind: 'permission',
      toolCallId: 'bash',
      title: MODEL_TEXT,
      reason: MODEL_TEXT,
      tool: { name: 'Bash', input: { command: 'ls' } },
      options: [{ id: 'ok', label: 'Allow', effect: 'allow' }],
    })
    .catch(() => {});
  await expect(entries(page)).toHaveCount(3);
  await expect(entries(page)).toHaveText([/^Ship it\?.*desk-b · Hotfix$/, /^Ship it\?.*desk-a · Release$/, /^Bash wants to run.*desk-a · Release$/]);
  await expect(inbox(page)).not.toContainText(MODEL_TEXT);
  // While asks wait, the agents come first on the dashboard and Needs you right under them.
  await expect(page.locator('main > section').nth(1)).toHaveAttribute('class', /inbox/);

  await entries(page).nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/#\/agent\/desk-a\/chat\/p\/ask\//);
  const cardA = page.getByRole('article', { name: 'Ship it?' });
  await expect(cardA.getByRole('button', { name: 'Yes' })).toBeFocused();
  await expect(cardA).toBeInViewport();
  await expect(cardA).toContainText('Asked by desk-a');

  await page.goto(started.url);
  await entries(page).first().getByRole('link').click();
  await expect(page).toHaveURL(/#\/agent\/desk-b\/chat\/p\/ask\//);
  const cardB = page.getByRole('article', { name: 'Ship it?' });
  await expect(cardB).toContainText('Asked by desk-b');
  await expect(cardB.getByRole('button', { name: 'Yes' })).toBeFocused();
  await cardB.getByRole('button', { name: 'No' }).click();
  await expect(cardB).toHaveCount(0);

  // Answered, B's ask leaves the inbox; A's, with the same id, stays.
  await page.goto(started.url);
  await expect(entries(page)).toHaveText([/^Ship it\?.*desk-a · Release$/, /^Bash wants to run.*desk-a · Release$/]);
  await entries(page).nth(1).getByRole('link').click();
  const permission = page.getByRole('article', { name: 'Bash wants to run' });
  await expect(permission.getByRole('button', { name: 'Allow' })).toBeFocused();
  await expect(permission).toBeInViewport();
});
