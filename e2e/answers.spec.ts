import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { openCollie, type AskSpec, type Collie } from '../src/agent/kit';
import type { ChatJson } from '../src/wire/bridge-json';
import type { Answer } from '../src/wire/types';
import { faultyProxy } from './support/faulty-proxy';
import { scratch, startBridge, writeSources } from './support/processes';
import { pairPhone } from './support/pair';
import { stopAfterEach } from './support/started';

/**
 * Answering from the phone, end to end: a real kit agent behind a proxy on a private socket (so
 * faults can be injected), the real bridge, a phone-sized Chromium tapping the cards.
 */
let dirs: Awaited<ReturnType<typeof scratch>>;
let collie: Collie | undefined;
let proxy: Awaited<ReturnType<typeof faultyProxy>>;
let agentSocket: string;
let url: string;

const run = stopAfterEach();

const startAgent = async () => {
  collie = run.agent = await openCollie({ socket: agentSocket, hostName: 'desk', caps: { asks: true }, log: () => {} });
  return collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Work' });
};
/** The bridge; its first start prints a pairing link, which the phone opens as a person would. */
const runBridge = async (page: Page) => {
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  url = started.url;
  if (started.link) await pairPhone(page, started.link);
};

test.beforeEach(async () => {
  dirs = run.dirs = await scratch();
  agentSocket = join(dirs.socketDir, 'agent', 'app.sock');
  const proxySocket = join(dirs.socketDir, 'proxy', 'app.sock');
  proxy = await faultyProxy(agentSocket, proxySocket);
  run.later(() => proxy.close());
  // A failure says what the bridge printed and what reached the agent, so a rare one can be read.
  run.later((testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    console.error(`bridge output:\n${run.bridge?.output ?? '(no bridge)'}`);
    console.error(`agent saw:\n${proxy.seen.map((r) => `${r.method} ${r.path}`).join('\n')}`);
  });
  await writeSources(dirs.configDir, [{ name: 'desk', kind: 'durable', socket: proxySocket }]);
});

/** Counts the answers an ask's promise delivers (at most once is the rule being checked). */
function watch(answer: Promise<Answer>) {
  const got: Answer[] = [];
  const failed: string[] = [];
  answer.then(
    (a) => got.push(a),
    (err: { decidedBy?: string }) => failed.push(err.decidedBy ?? 'error'),
  );
  return { got, failed };
}

const openChat = (page: Page) => page.goto(`${url}#/agent/desk/chat/p`);

const CHAT_READS = '**/api/agents/desk/panes/p**';
/**
 * Holds the phone's long-polls (plain reads, such as the chat's first read, still pass), so a card
 * stays as drawn while the agent moves on. Set before the chat opens: a long-poll already in flight
 * would otherwise carry the change to the card before the tap. The returned `freeze` holds the
 * plain reads too (such as the one after a reply), so nothing redraws the chat until unrouted.
 */
async function holdLiveUpdates(page: Page): Promise<() => void> {
  let frozen = false;
  await page.route(CHAT_READS, (route) => {
    // Only reads are held: an answer's POST lives under the chat's path too, and must go through.
    const read = route.request().method() === 'GET';
    return read && (frozen || route.request().url().includes('wait=1')) ? undefined : route.continue();
  });
  return () => {
    frozen = true;
  };
}

const SHIP_IT: AskSpec & { kind: 'choice' } = { kind: 'choice', toolCallId: 'ship', title: 'Ship it?', multiple: false, options: [{ id: 'y', label: 'Yes' }] };

/**
 * A kit agent raising one ask, the bridge, and the phone on its chat with the card drawn. With
 * `hold`, the phone's long-polls are held from before the chat opens (see `holdLiveUpdates`).
 */
async function askAndOpen(page: Page, ask: AskSpec = SHIP_IT, options: { hold?: boolean } = {}) {
  const pane = await startAgent();
  const asked = watch(pane.ask(ask));
  collie!.ready();
  await runBridge(page);
  const freeze = options.hold ? await holdLiveUpdates(page) : () => {};
  await openChat(page);
  const card = page.getByRole('article', { name: ask.title });
  await expect(card).toBeVisible();
  return { pane, asked, card, freeze };
}

/** The open asks the bridge holds for the chat now: what a tap is checked against. */
/** The asks as the bridge holds them, read as the paired phone (its cookie) reads them. */
async function bridgeAsks(page: Page): Promise<ChatJson['asks']> {
  const res = await page.request.get(new URL('api/agents/desk/panes/p', url).href);
  return ((await res.json()) as ChatJson).asks;
}

test('each of the four kinds is answered from its card, once', async ({ page }) => {
  const pane = await startAgent();
  const permission = watch(
    pane.ask({
      kind: 'permission',
      toolCallId: 'rm',
      title: 'harmless, trust me',
      tool: { name: 'bash', input: { command: 'rm -rf build/' } },
      options: [
        { id: 'allow', label: 'Allow', effect: 'allow' },
        { id: 'always', label: 'Allow always', effect: 'allow-always' },
        { id: 'deny', label: 'Deny', effect: 'deny' },
      ],
    }),
  );
  const choice = watch(
    pane.ask({
      kind: 'choice',
      toolCallId: 'fixes',
      title: 'Which fixes?',
      multiple: true,
      min: 1,
      options: [
        { id: 'cache', label: 'Clear the cache' },
        { id: 'wait', label: 'Wait for the redirect' },
      ],
    }),
  );
  const text = watch(pane.ask({ kind: 'text', toolCallId: 'name', title: 'Name the server' }));
  const form = watch(
    pane.ask({
      kind: 'form',
      toolCallId: 'release',
      title: 'Release details',
      fields: [
        { id: 'version', label: 'Version', type: 'text', required: true },
        { id: 'notify', label: 'Notify the team', type: 'toggle', required: false },
        {
          id: 'channel',
          label: 'Channel',
          type: 'choice',
          required: true,
          options: [
            { id: 'stable', label: 'Stable' },
            { id: 'beta', label: 'Beta' },
          ],
        },
      ],
    }),
  );
  collie!.ready();
  await runBridge(page);
  await openChat(page);

  // Permission: built from the tool and its input, never the model's words; allow-always needs two taps.
  const card = page.getByRole('article', { name: 'bash wants to run' });
  await expect(card).toContainText('rm -rf build/');
  await expect(card).not.toContainText('harmless, trust me');
  await card.getByRole('button', { name: 'Allow always' }).click();
  await expect(card).toContainText('Tap again to allow always: this tool then runs without asking for the rest of this conversation.');
  expect(proxy.answers()).toHaveLength(0);
  await card.getByRole('button', { name: 'Allow always' }).click();
  await expect(card).toHaveCount(0);

  const multi = page.getByRole('article', { name: 'Which fixes?' });
  await multi.getByRole('checkbox', { name: 'Clear the cache' }).check();
  await multi.getByRole('checkbox', { name: 'Wait for the redirect' }).check();
  await multi.getByRole('button', { name: 'Send' }).click();
  await expect(multi).toHaveCount(0);

  const line = page.getByRole('article', { name: 'Name the server' });
  await line.getByRole('textbox').fill('web-3');
  await line.getByRole('textbox').press('Enter');
  await expect(line).toHaveCount(0);

  const release = page.getByRole('article', { name: 'Release details' });
  await release.getByRole('button', { name: 'Send' }).click();
  await expect(release).toContainText('Fill in before sending');
  await release.getByRole('textbox', { name: /Version/ }).fill('1.4.0');
  await release.getByRole('checkbox', { name: 'Notify the team' }).check();
  await release.getByRole('radio', { name: 'Beta' }).check();
  await release.getByRole('button', { name: 'Send' }).click();
  await expect(release).toHaveCount(0);

  expect(permission.got).toEqual([{ optionIds: ['always'] }]);
  expect(choice.got).toEqual([{ optionIds: ['cache', 'wait'] }]);
  expect(text.got).toEqual([{ text: 'web-3' }]);
  expect(form.got).toEqual([{ values: { version: '1.4.0', notify: true, channel: ['beta'] } }]);
  expect(proxy.answers()).toHaveLength(4);

  // Each tap leaves its trace in the chat under its question: the labels the person chose, and on
  // the phone that answered, what it typed (the bridge never holds typed words; the phone shows its own).
  const chat = page.locator('ol.entries');
  await expect(chat).toContainText('bash wants to runAnswered: Allow always');
  await expect(chat).toContainText('Which fixes?Answered: Clear the cache, Wait for the redirect');
  await expect(chat).toContainText('Name the serverAnswered: “web-3”');
  await expect(chat).toContainText('Release detailsAnswered:Version: 1.4.0Notify the team: YesChannel: Beta');
  await expect(chat).not.toContainText('harmless, trust me'); // a permission is named by its tool, as its card is
});

test('the agent applies the answer and drops the connection: unknown, Try again, applied once', async ({ page }) => {
  const { asked, card, freeze } = await askAndOpen(
    page,
    {
      ...SHIP_IT,
      options: [
        { id: 'y', label: 'Yes' },
        { id: 'n', label: 'No' },
      ],
    },
    { hold: true },
  );
  freeze(); // the agent closes the ask as it takes the answer; the card must stay to offer Try again
  proxy.next('apply-then-drop');
  await card.getByRole('button', { name: 'Yes' }).click();
  await expect(card).toContainText('Not sure the answer arrived. Try again sends it once more.');
  expect(asked.got).toEqual([{ optionIds: ['y'] }]);
  // Tapped while the reads are still held: a read that shows the ask closed takes the card away
  // (the answer arrived after all), and under load one could land before the tap.
  await card.getByRole('button', { name: 'Try again' }).click();
  await page.unroute(CHAT_READS);
  // The card may go as soon as a read shows the ask closed, before the retry reaches the agent.
  await expect.poll(() => proxy.answers().length).toBe(2);
  await expect(card).toHaveCount(0);
  const [first, second] = proxy.answers().map((r) => JSON.parse(r.body) as { requestId: string });
  expect(second!.requestId).toBe(first!.requestId);
  expect(asked.got).toHaveLength(1);
});

test('the ask changes between drawing and tapping: the card redraws, the old answer never arrives', async ({ page }) => {
  const { pane, asked, card } = await askAndOpen(page, { ...SHIP_IT, title: 'Ship to staging?' }, { hold: true });
  pane.reviseAsk('ship', { title: 'Ship to production?' });
  await expect.poll(async () => (await bridgeAsks(page))[0]?.title).toBe('Ship to production?');
  await card.getByRole('button', { name: 'Yes' }).click();
  const changed = page.getByRole('article', { name: 'Ship to production?' });
  await expect(changed).toContainText('This question changed. Read it again before you tap an option.');
  expect(proxy.answers()).toHaveLength(0);
  expect(asked.got).toEqual([]);
});

test('an ask decided in the agent while the card shows says so on the card', async ({ page }) => {
  const { pane, asked, card } = await askAndOpen(page, SHIP_IT, { hold: true });
  pane.decide('ship');
  await expect.poll(async () => (await bridgeAsks(page)).length).toBe(0);
  await card.getByRole('button', { name: 'Yes' }).click();
  await expect(card).toContainText('Decided in the durable agent.');
  expect(proxy.answers()).toHaveLength(0);
  expect(asked.failed).toEqual(['program']);
});

test('an ask that times out while its card is open is said so, with a countdown before', async ({ page }) => {
  // Room for the bridge to start and the card to draw before it runs out.
  const { asked, card } = await askAndOpen(page, { ...SHIP_IT, expiresInSeconds: 8 }, { hold: true });
  await expect(card).toContainText(/0:0\d left/);
  await expect.poll(() => asked.failed, { timeout: 15_000 }).toEqual(['timeout']);
  await expect.poll(async () => (await bridgeAsks(page)).length).toBe(0);
  await card.getByRole('button', { name: 'Yes' }).click();
  await expect(card).toContainText('Timed out before an answer.');
  expect(proxy.answers()).toHaveLength(0);
});

test('the agent restarts and raises the same ask again: the answer still lands under the same id', async ({ page }) => {
  const { card } = await askAndOpen(page, SHIP_IT, { hold: true });
  await collie!.close();
  const again = await startAgent();
  const asked = watch(again.ask(SHIP_IT));
  collie!.ready();
  await card.getByRole('button', { name: 'Yes' }).click();
  await expect.poll(() => asked.got).toEqual([{ optionIds: ['y'] }]);
  await page.unroute(CHAT_READS);
  await expect(card).toHaveCount(0);
});

test('the bridge restarts between its receipt and the reply: Try again lands once', async ({ page }) => {
  const { asked, card } = await askAndOpen(page);
  proxy.next('hold');
  await card.getByRole('button', { name: 'Yes' }).click();
  await proxy.whenHeld();
  expect(proxy.answers()).toHaveLength(1);
  run.bridge!.child.kill('SIGKILL'); // receipt written, request with the agent, no reply yet
  await run.bridge!.stop();
  await expect(card).toContainText('Not sure the answer arrived.');
  proxy.release(); // the agent takes it now; its reply goes nowhere
  await expect.poll(() => asked.got).toEqual([{ optionIds: ['y'] }]);
  await runBridge(page);
  await page.goto(`${url}#/agent/desk/chat/p`); // the phone comes back to the restarted bridge
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Work' })).toBeVisible(); // the chat is drawn from the restarted bridge
  await expect(card).toHaveCount(0); // the ask is gone: the agent took it
  expect(asked.got).toHaveLength(1);
});

test('a double tap sends one request', async ({ page }) => {
  const { asked, card } = await askAndOpen(page);
  await card.getByRole('button', { name: 'Yes' }).dblclick();
  await expect(card).toHaveCount(0);
  expect(proxy.answers()).toHaveLength(1);
  expect(asked.got).toHaveLength(1);
});
