import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { openCollie, type AskSpec, type Collie } from '../src/agent/kit';
import type { Answer } from '../src/wire/types';
import { faultyProxy } from './support/faulty-proxy';
import { scratch, startBridge, writeSources } from './support/processes';
import { pairPhone } from './support/pair';
import { stopAfterEach } from './support/started';

/**
 * Two copies of one agent program attached under two names: the same pane id and the same tool
 * call give both asks the same ask id. The phone must keep them apart: an answer, a settled card
 * or a Try again for one agent never touches the other's card.
 */
let dirs: Awaited<ReturnType<typeof scratch>>;
let agents: Collie[] = [];
let proxy: Awaited<ReturnType<typeof faultyProxy>>;
let link: string | null;

const run = stopAfterEach();

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

test.beforeEach(async () => {
  dirs = run.dirs = await scratch();
  const socketA = join(dirs.socketDir, 'a', 'app.sock');
  const socketB = join(dirs.socketDir, 'b', 'app.sock');
  // A is reached through a proxy, so one test can lose the reply to A's answer.
  const proxySocket = join(dirs.socketDir, 'proxy', 'app.sock');
  proxy = await faultyProxy(socketA, proxySocket);
  run.later(() => proxy.close());
  agents = [
    await openCollie({ socket: socketA, hostName: 'desk', caps: { asks: true }, log: () => {} }),
    await openCollie({ socket: socketB, hostName: 'desk', caps: { asks: true }, log: () => {} }),
  ];
  run.later(async () => {
    for (const agent of agents) await agent.close();
    agents = [];
  });
  // A failure says what the bridge printed, so a rare one can be read.
  run.later((testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) console.error(`bridge output:\n${run.bridge?.output ?? '(no bridge)'}`);
  });
  await writeSources(dirs.configDir, [
    { name: 'desk-a', kind: 'durable', socket: proxySocket },
    { name: 'desk-b', kind: 'durable', socket: socketB },
  ]);
});

/** Counts the answers an ask's promise delivers. */
function watch(answer: Promise<Answer>) {
  const got: Answer[] = [];
  const failed: string[] = [];
  answer.then(
    (a) => got.push(a),
    (err: { decidedBy?: string }) => failed.push(err.decidedBy ?? 'error'),
  );
  return { got, failed };
}

/** Both agents raise the same ask in a pane of the same id; the bridge starts. */
async function raiseBoth() {
  const [a, b] = agents.map((agent) => {
    const pane = agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Work' });
    const asked = watch(pane.ask(SHIP_IT));
    agent.ready();
    return asked;
  });
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  link = started.link;
  return { a: a!, b: b! };
}

/** From the dashboard, as a person would: the agent's row, then its conversation. */
async function openChatOf(page: Page, agent: string) {
  await page
    .getByRole('region', { name: 'Durable agents' })
    .getByRole('link', { name: new RegExp(agent) })
    .click();
  await page.getByRole('link', { name: /Work/ }).click();
  await expect(page.getByRole('heading', { name: 'Work' })).toBeVisible();
}

/** Back to the dashboard: chat, then the agent's list, then the dashboard. */
async function backToDashboard(page: Page) {
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: /desk-/ })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('region', { name: 'Durable agents' })).toBeVisible();
}

test("answering one agent's card leaves the other's card there to answer; each agent gets its own answer once", async ({ page }) => {
  const { a, b } = await raiseBoth();
  await pairPhone(page, link);
  await openChatOf(page, 'desk-a');
  const cardA = page.getByRole('article', { name: 'Ship it?' });
  await cardA.getByRole('button', { name: 'Yes' }).click();
  await expect(cardA).toHaveCount(0);
  await expect.poll(() => a.got).toEqual([{ optionIds: ['y'] }]);

  await backToDashboard(page);
  await openChatOf(page, 'desk-b');
  const cardB = page.getByRole('article', { name: 'Ship it?' });
  await expect(cardB).toBeVisible();
  await expect(cardB.getByRole('button', { name: 'No' })).toBeEnabled();
  await cardB.getByRole('button', { name: 'No' }).click();
  await expect(cardB).toHaveCount(0);
  await expect.poll(() => b.got).toEqual([{ optionIds: ['n'] }]);

  expect([a.got, a.failed, b.got, b.failed]).toEqual([[{ optionIds: ['y'] }], [], [{ optionIds: ['n'] }], []]);
  expect(proxy.answers()).toHaveLength(1); // nothing for B went to A
});

test("an unknown outcome for one agent's answer offers Try again on its card only, never on the other's", async ({ page }) => {
  const { a, b } = await raiseBoth();
  await pairPhone(page, link);
  await openChatOf(page, 'desk-a');
  const cardA = page.getByRole('article', { name: 'Ship it?' });
  proxy.next('apply-then-drop'); // A takes the answer and its reply is lost: the phone cannot know
  await cardA.getByRole('button', { name: 'Yes' }).click();
  await expect.poll(() => a.got).toEqual([{ optionIds: ['y'] }]);
  await expect(cardA).toHaveCount(0); // drawn again after the reply: A's ask is gone

  await backToDashboard(page);
  await openChatOf(page, 'desk-b');
  const cardB = page.getByRole('article', { name: 'Ship it?' });
  await expect(cardB).toBeVisible();
  await expect(cardB.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(cardB).not.toContainText('Not sure the answer arrived');
  await cardB.getByRole('button', { name: 'No' }).click();
  await expect(cardB).toHaveCount(0);
  await expect.poll(() => b.got).toEqual([{ optionIds: ['n'] }]);

  expect([a.got, b.got, a.failed, b.failed]).toEqual([[{ optionIds: ['y'] }], [{ optionIds: ['n'] }], [], []]);
  expect(proxy.answers()).toHaveLength(1); // A's answer was never sent again
});
