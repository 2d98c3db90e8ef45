import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { openCollie, type Collie, type PaneHandle, type SendContext } from '../src/agent/kit';
import { openChatMenu } from './support/chat-menu';
import { faultyProxy } from './support/faulty-proxy';
import { collieLink, scratch, startBridge, writeSources } from './support/processes';
import { pairAnotherPhone, pairPhone } from './support/pair';
import { stopAfterEach } from './support/started';

/**
 * The acting half, end to end: a real kit agent (behind a proxy on a private socket, so faults
 * can be injected), the real bridge, and phone-sized Chromium tapping the composer and controls.
 */
const ALL = { asks: true, send: true, steer: true, abort: true, actions: true, rename: true, close: true, starters: true, reopen: true, history: true };
let dirs: Awaited<ReturnType<typeof scratch>>;
let collie: Collie;
let proxy: Awaited<ReturnType<typeof faultyProxy>>;
let url: string;
let pane: PaneHandle;
let turns: SendContext[];
let steered: string[];
let taps: string[];

const run = stopAfterEach();

async function start(caps: Record<string, boolean> = ALL) {
  dirs = run.dirs = await scratch();
  const agentSocket = join(dirs.socketDir, 'agent', 'app.sock');
  const proxySocket = join(dirs.socketDir, 'proxy', 'app.sock');
  collie = run.agent = await openCollie({ socket: agentSocket, hostName: 'desk', caps, log: () => {} });
  const tab = collie.workspace('w', { title: 'Work' }).tab('t', { title: 'Main' });
  pane = tab.pane('p', { title: 'Deploy' });
  pane.belt([{ id: 'retry', label: 'Retry' }]);
  turns = [];
  steered = [];
  taps = [];
  collie.handle({
    // Each turn runs until the person stops it; what it is told shows in the chat.
    send: (turn) =>
      new Promise<void>((resolve) => {
        turns.push(turn);
        turn.turn.onSteer((text) => steered.push(text));
        turn.turn.signal.addEventListener('abort', () => resolve());
      }),
    action: ({ actionId }) => void taps.push(actionId),
  });
  collie.starter({ id: 'new', label: 'New chat' }, () => tab.pane(`chat-${taps.length + turns.length + 2}`, { title: 'Fresh chat' }));
  collie.ready();
  proxy = await faultyProxy(agentSocket, proxySocket);
  run.later(() => proxy.close());
  await writeSources(dirs.configDir, [{ name: 'desk', kind: 'durable', socket: proxySocket }]);
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  url = started.url;
  link = started.link;
  firstPhone = null;
}

/** The pairing link the bridge printed, until a phone has opened it. */
let link: string | null = null;
/** The phone paired first, which allows any other. */
let firstPhone: Page | null = null;
const pairedPages = new WeakSet<Page>();
/** Opens a screen on a phone; a phone not yet paired pairs first: the first through the printed link, any other through collie pair and the first phone's Allow. */
async function openApp(page: Page, hash: string) {
  if (!pairedPages.has(page)) {
    if (firstPhone) await pairAnotherPhone(page, await collieLink(dirs), firstPhone);
    else await pairPhone(page, link);
    link = null;
    firstPhone ??= page;
    pairedPages.add(page);
  }
  await page.goto(`${url}${hash}`);
}

const composer = (page: Page) => page.getByRole('region', { name: 'Write to the agent' });
const sends = () => proxy.seen.filter((r) => r.method === 'POST' && r.path.endsWith('/send'));
/** Counts, in the page itself, every POST it makes to a path `path` matches (so a count read after a timer ran is exact). */
async function countPhonePosts(page: Page, path: RegExp) {
  await page.addInitScript((source) => {
    const pattern = new RegExp(source);
    const posted: string[] = [];
    (window as unknown as { phonePosts: string[] }).phonePosts = posted;
    const real = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const request = input instanceof Request ? input : null;
      const target = request ? request.url : String(input);
      if ((init?.method ?? request?.method ?? 'GET').toUpperCase() === 'POST' && pattern.test(target)) posted.push(target);
      return real(input, init);
    };
  }, path.source);
}
const phonePosts = (page: Page) => page.evaluate(() => (window as unknown as { phonePosts: string[] }).phonePosts.length);
const SEND_PATH = /\/api\/agents\/[^/]+\/panes\/[^/]+\/send$/;
const ANSWER_PATH = /\/api\/agents\/[^/]+\/panes\/[^/]+\/asks\/[^/]+$/;
async function write(page: Page, text: string, button: 'Send' | 'Steer' | 'Go to the question') {
  await composer(page).getByLabel('Message', { exact: true }).fill(text);
  await composer(page).getByRole('button', { name: button, exact: true }).click();
}

test('a send starts a turn and is applied; a send during the turn is queued; a steer reaches it; Stop ends it', async ({ page }) => {
  await start();
  await openApp(page, '#/agent/desk/chat/p');
  await write(page, 'deploy to staging', 'Send');
  await expect(composer(page)).toContainText('Sent.');
  await expect.poll(() => turns.map((t) => t.text)).toEqual(['deploy to staging']);
  const recent = (await openChatMenu(page)).getByRole('region', { name: 'Recent sends' });
  await expect(recent.locator('.status-effective .send-status')).toHaveText('applied');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('main')).toContainText('deploy to staging');

  await write(page, 'then production', 'Send');
  await expect(composer(page)).toContainText('Queued: the agent takes it when its current turn ends.');
  await write(page, 'faster please', 'Steer');
  await expect(composer(page)).toContainText('Steered into the running turn.');
  expect(steered).toEqual(['faster please']);

  void pane.ask({ kind: 'text', toolCallId: 'q', title: 'Which region?' }).catch(() => {});
  await expect(page.getByRole('article', { name: 'Which region?' })).toBeVisible();
  await composer(page).getByRole('button', { name: 'Stop' }).click();
  await expect(composer(page)).toContainText('Stopped.');
  await expect(page.getByText('Decided in the durable agent: Which region?')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Which region?' })).toHaveCount(0);
});

test('a send while an ask is open is refused and leads to the card', async ({ page }) => {
  await start();
  void pane.ask({ kind: 'choice', toolCallId: 'q', title: 'Ship it?', multiple: false, options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
  await openApp(page, '#/agent/desk/chat/p');
  await expect(page.getByRole('article', { name: 'Ship it?' })).toBeVisible();
  // While a card is open the composer's button is named for where it leads.
  await write(page, 'hello', 'Go to the question');
  await expect(page.getByRole('article', { name: 'Ship it?' }).getByRole('button', { name: 'Yes' })).toBeFocused();
  expect(sends()).toHaveLength(0);
  expect(turns).toHaveLength(0);
});

test('a belt button and a starter run once', async ({ page }) => {
  await start();
  await openApp(page, '#/agent/desk/chat/p');
  await page.getByRole('group', { name: "The agent's buttons" }).getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('main')).toContainText('Retry: Done.');
  expect(taps).toEqual(['retry']);

  await openApp(page, '#/agent/desk');
  await page.getByRole('region', { name: 'Starters' }).getByRole('button', { name: 'New chat' }).click();
  await expect(page).toHaveURL(/#\/agent\/desk\/chat\/chat-/);
  await expect(page.getByRole('heading', { name: 'Fresh chat' })).toBeVisible();
  expect(proxy.seen.filter((r) => r.method === 'POST' && r.path.includes('/starter/'))).toHaveLength(1);
});

test('rename, close and reopen show on the phone and in the agent; a closed conversation has no composer', async ({ page }) => {
  await start();
  await openApp(page, '#/agent/desk/chat/p');
  const manage = (await openChatMenu(page)).getByRole('region', { name: 'Manage' });
  await manage.getByRole('button', { name: 'Rename' }).click();
  await manage.getByLabel('New name').fill('Release 1.4');
  await manage.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toContainText('Release 1.4');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Release 1.4' })).toBeVisible();
  expect(collie.state.panes.get('p')!.title).toBe('Release 1.4');

  await openChatMenu(page);
  await manage.getByRole('button', { name: 'Close' }).click();
  await manage.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/#\/agent\/desk$/);
  expect(collie.state.panes.has('p')).toBe(false);
  await page
    .getByRole('region', { name: 'Closed' })
    .getByRole('link', { name: /Release 1.4/ })
    .click();
  await expect(page.getByRole('region', { name: 'Write to the agent' })).toHaveCount(0);
  await expect(page.getByLabel('Message', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Reopen' }).click();
  await expect(page).toHaveURL(/#\/agent\/desk\/chat\/p$/);
  await expect(composer(page)).toBeVisible();
  expect(collie.state.panes.has('p')).toBe(true);

  await openApp(page, '#/agent/desk');
  // Workspaces and tabs are renamed and closed on the agent's Manage screen, one link from its list.
  await page.getByRole('link', { name: 'Manage workspaces and tabs' }).click();
  await expect(page).toHaveURL(/#\/agent\/desk\/manage$/);
  const workspace = page.getByRole('group', { name: 'Workspace Work' });
  await workspace.getByRole('button', { name: 'Rename' }).click();
  await workspace.getByLabel('New name').fill('Shipping');
  await workspace.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('group', { name: 'Workspace Shipping' })).toBeVisible();
  expect(collie.state.workspaces.get('w')!.title).toBe('Shipping');
});

test('an agent without steer shows no Steer control', async ({ page }) => {
  await start({ asks: true, send: true, abort: true });
  await openApp(page, '#/agent/desk/chat/p');
  await write(page, 'go', 'Send');
  await expect(composer(page)).toContainText('Sent.');
  await expect(composer(page).getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(composer(page).getByRole('button', { name: 'Steer' })).toHaveCount(0);
});

test('a send whose reply is lost shows unknown and is never resent by itself', async ({ page }) => {
  await start();
  await page.clock.install(); // the phone's timers, so a resend it scheduled for later runs below
  await countPhonePosts(page, SEND_PATH);
  await openApp(page, '#/agent/desk/chat/p');
  proxy.next('apply-then-drop');
  await write(page, 'once only', 'Send');
  await expect(composer(page)).toContainText('Read the chat before you send again.');
  // What follows the lost reply: the bridge reads the agent, the phone reads the chat and shows
  // the send as landed. Then ten minutes of the phone's timers.
  await expect((await openChatMenu(page)).getByRole('region', { name: 'Recent sends' }).locator('.status-effective .send-status').first()).toHaveText('applied');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('main')).toContainText('once only');
  await page.clock.runFor(10 * 60_000);
  expect(await phonePosts(page)).toBe(1); // counted in the page as its timers ran: it asked the bridge once
  expect(sends()).toHaveLength(1);
  expect(turns).toHaveLength(1);
});

test('a stuck send does not block Stop', async ({ page }) => {
  await start();
  await openApp(page, '#/agent/desk/chat/p');
  await write(page, 'start', 'Send');
  await expect(composer(page)).toContainText('Sent.');
  // Stop shows once the phone has drawn the running turn, which the next send names.
  await expect(composer(page).getByRole('button', { name: 'Stop' })).toBeVisible();
  proxy.next('hold'); // the next send hangs at the agent's door
  await write(page, 'stuck', 'Send');
  await proxy.whenHeld();
  await composer(page).getByRole('button', { name: 'Stop' }).click();
  await expect(composer(page)).toContainText('Stopped.');
  expect(turns[0]!.turn.signal.aborted).toBe(true);
});

test('two phones sending at once to one conversation: one goes through, one is busy', async ({ browser }) => {
  await start();
  const phones = await Promise.all([browser.newPage(), browser.newPage()]);
  try {
    const [first, second] = phones;
    for (const phone of phones) await openApp(phone, '#/agent/desk/chat/p');
    for (const phone of phones) await composer(phone).getByLabel('Message', { exact: true }).fill('from a phone');
    proxy.next('hold');
    await composer(first).getByRole('button', { name: 'Send', exact: true }).click();
    await proxy.whenHeld(); // the first send holds the conversation's lock from here
    // The second tap is answered while the first is held, well inside the bridge's write deadline.
    const refused = second.waitForResponse((res) => /\/api\/agents\/[^/]+\/panes\/[^/]+\/send$/.test(res.url()));
    await composer(second).getByRole('button', { name: 'Send', exact: true }).click();
    await refused;
    proxy.release();
    await expect(composer(second)).toContainText('another request to this conversation is still running');
    await expect(composer(first)).toContainText('Sent.');
    expect(sends()).toHaveLength(1);
    expect(turns).toHaveLength(1);
  } finally {
    for (const phone of phones) await phone.close();
  }
});

test('one phone answering two cards in a row: the second waits for the first, and neither is refused as busy', async ({ page }) => {
  await start();
  const shipped = pane.ask({ kind: 'choice', toolCallId: 'ship', title: 'Ship it?', multiple: false, options: [{ id: 'y', label: 'Yes' }] });
  const tagged = pane.ask({ kind: 'choice', toolCallId: 'tag', title: 'Tag it?', multiple: false, options: [{ id: 't', label: 'Tag' }] });
  await countPhonePosts(page, ANSWER_PATH);
  await openApp(page, '#/agent/desk/chat/p');
  proxy.next('hold');
  await page.getByRole('article', { name: 'Ship it?' }).getByRole('button', { name: 'Yes' }).click();
  await proxy.whenHeld(); // the first answer holds the conversation on the bridge from here
  await page.getByRole('article', { name: 'Tag it?' }).getByRole('button', { name: 'Tag' }).click();
  // The second tap waits on the phone for the first's outcome: it has not gone to the bridge.
  expect(await phonePosts(page)).toBe(1);
  proxy.release();
  expect(await shipped).toEqual({ optionIds: ['y'] });
  expect(await tagged).toEqual({ optionIds: ['t'] });
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText('Not taken');
  expect(proxy.answers()).toHaveLength(2);
});
