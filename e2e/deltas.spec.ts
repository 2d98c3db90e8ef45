import { expect, test, type Route } from '@playwright/test';
import { join } from 'node:path';
import { openCollie, type Collie } from '../src/agent/kit';
import { PHONE_LIMITS } from '../src/bridge/phone/phone-deps';
import { scratch, startBridge, writeSources } from './support/processes';
import { pairPhone } from './support/pair';
import { stopAfterEach } from './support/started';

/**
 * An open chat follows its agent by deltas, and a phone that holds a version the bridge no longer
 * remembers is sent the whole view, and draws it: a real kit agent, the real bridge, Chromium.
 */
let dirs: Awaited<ReturnType<typeof scratch>>;
let collie: Collie | undefined;

const run = stopAfterEach();

test.beforeEach(async () => {
  dirs = run.dirs = await scratch();
  const socket = join(dirs.socketDir, 'live', 'app.sock');
  collie = run.agent = await openCollie({ socket, hostName: 'live', caps: { asks: true }, log: () => {} });
  await writeSources(dirs.configDir, [{ name: 'live', kind: 'durable', socket }]);
});

const CHAT = '/api/agents/live/panes/deploy';
const isLongPoll = (url: string) => url.includes(`${CHAT}?`) && url.includes('wait=1');

test('a chat follows by deltas, and a version the bridge no longer has gets the whole view', async ({ page }) => {
  const deploy = collie!.workspace('w', { title: 'Work' }).tab('t', { title: 'Main' }).pane('deploy', { title: 'Deploy' });
  for (let i = 1; i <= 5; i += 1) deploy.item({ id: `m${i}`, kind: 'reply', text: `message ${i}` });
  collie!.ready();
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  await page.goto(`${started.url}#/agent/live/chat/deploy`);
  const entries = page.locator('ol.entries > li');
  await expect(entries).toHaveCount(5);

  // The phone holds the five entries' version (of the chat's tail: a chat opens with its newest
  // entries); its first long-poll after that one is held back before it reaches the bridge.
  const chatUrl = `${started.url}${CHAT.slice(1)}?tail=1`;
  const firstTag = (await page.request.get(chatUrl)).headers().etag;
  let held: ((route: Route) => void) | undefined;
  const heldRoute = new Promise<Route>((resolve) => (held = resolve));
  await page.route(`**${CHAT}?*`, (route) => {
    const request = route.request();
    if (held && isLongPoll(request.url()) && request.headers()['if-none-match'] !== firstTag) {
      held(route);
      held = undefined;
    } else void route.continue();
  });

  // A new item comes as a delta: one run of the five held entries, and the new one.
  const deltaReply = page.waitForResponse((r) => isLongPoll(r.url()));
  deploy.item({ id: 'm6', kind: 'reply', text: 'message 6' });
  const delta = (await (await deltaReply).json()) as { delta: { entries: unknown[] } };
  expect(delta.delta.entries).toEqual([[0, 5], expect.objectContaining({ type: 'item', item: expect.objectContaining({ id: 'm6' }) })]);
  await expect(entries).toHaveCount(6);

  // The phone's next read names the version with m6; the bridge renders more versions than it remembers meanwhile.
  const stale = await heldRoute;
  for (let i = 7; i < 7 + PHONE_LIMITS.chatVersions; i += 1) {
    deploy.item({ id: `m${i}`, kind: 'reply', text: `message ${i}` });
    await expect.poll(async () => JSON.stringify(await (await page.request.get(chatUrl)).json())).toContain(`"m${i}"`);
  }
  const last = 6 + PHONE_LIMITS.chatVersions;
  const wholeReply = page.waitForResponse((r) => isLongPoll(r.url()));
  await stale.continue();
  const whole = (await (await wholeReply).json()) as { entries: { item: { id: string } }[] };
  expect(whole).not.toHaveProperty('delta');
  expect(whole.entries.map((e) => e.item.id)).toEqual(Array.from({ length: last }, (_, i) => `m${i + 1}`));
  await expect(entries).toHaveCount(last);
  await expect(entries.last()).toHaveText(`message ${last}`);
});

test('the chat comes compressed to a phone that takes it, and as plain JSON to a client that names no encoding', async ({ page }) => {
  const deploy = collie!.workspace('w', { title: 'Work' }).tab('t', { title: 'Main' }).pane('deploy', { title: 'Deploy' });
  for (let i = 1; i <= 40; i += 1) deploy.item({ id: `m${i}`, kind: 'reply', text: `message ${i} `.repeat(10) });
  collie!.ready();
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  await page.goto(`${started.url}#/agent/live/chat/deploy`);
  // The browser's own read (the chat's newest entries): Chromium offers br and gzip, and the bridge answers with one.
  const [browserRead] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(`${CHAT}?tail=1`) && r.status() === 200), page.reload()]);
  expect(['br', 'gzip']).toContain((await browserRead.allHeaders())['content-encoding']);
  // A client that takes no encoding (identity only) gets the same chat as plain JSON.
  const plain = await page.request.get(`${started.url}${CHAT.slice(1)}`, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(((await plain.json()) as { entries: unknown[] }).entries).toHaveLength(40);
});
