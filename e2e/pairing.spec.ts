import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { openCollie } from '../src/agent/kit';
import { makeTestCa } from '../src/bridge/testing/tls';
import { pairAnotherPhone, pairPhone } from './support/pair';
import { collie, collieLink, scratch, startBridge, writeSources } from './support/processes';
import { stopAfterEach } from './support/started';
import { writeFile } from 'node:fs/promises';

/**
 * Pairing, as a person does it: the link `collie start` prints, `collie pair` for another phone,
 * `collie devices revoke`, a watch-only phone, and the same over HTTPS with a certificate the
 * test makes.
 */
let dirs: Awaited<ReturnType<typeof scratch>>;

const run = stopAfterEach();

async function deskAndBridge(extraArgs: string[] = []) {
  dirs = run.dirs = await scratch();
  const socket = join(dirs.socketDir, 'desk', 'app.sock');
  const agent = (run.agent = await openCollie({ socket, hostName: 'desk', caps: { asks: true, send: true }, log: () => {} }));
  const pane = agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Deploy' });
  pane.item({ id: 'i1', kind: 'reply', text: 'Ready to deploy.' });
  void pane.ask({ kind: 'choice', toolCallId: 'ship', title: 'Ship it?', multiple: false, options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
  agent.ready();
  await writeSources(dirs.configDir, [{ name: 'desk', kind: 'durable', socket }]);
  const started = await startBridge(dirs, extraArgs);
  run.bridge = started.proc;
  return started;
}

const pairingScreen = (page: Page) => page.getByRole('heading', { name: 'Pair this phone' });

test('a fresh phone sees the pairing screen; the printed link pairs it once; collie pair pairs another', async ({ page, browser }) => {
  const { url, link } = await deskAndBridge();
  const fresh = await browser.newContext();
  try {
    const stranger = await fresh.newPage();
    await stranger.goto(url);
    await expect(pairingScreen(stranger)).toBeVisible();
    await expect(stranger.getByText('collie pair', { exact: true })).toBeVisible();
    expect((await stranger.request.get(`${url}api/dashboard`)).status()).toBe(401);

    await pairPhone(page, link);
    await expect(page.getByRole('region', { name: 'Durable agents' }).getByRole('link', { name: /desk/ })).toContainText('1 needs you');

    await stranger.goto(link!);
    await expect(stranger.getByText('This pairing link was used already. Run collie pair for a new one.')).toBeVisible();
    expect(stranger.url()).not.toContain('pair=');

    // Another phone waits for the first one's Allow, which is shown where its link was made and opened.
    const second = await collieLink(dirs, ['--name', 'Second phone']);
    await stranger.goto(second);
    await expect(stranger.getByRole('heading', { name: 'Allow this phone on your other phone' })).toBeVisible();
    await page.goto(`${url}#/`);
    const card = page.getByRole('article', { name: 'A new device wants to pair: “Second phone”' });
    await expect(card).toContainText(/Link made at .* by collie pair \(process \d+, (terminal \S+|with no terminal)\):/);
    await expect(card.locator('code')).toContainText('pair --name Second phone');
    await expect(card).toContainText('from 127.0.0.1 in Chrome on');
    await page.screenshot({ path: 'test-results/pairing/allow-card.png' });
    await card.getByRole('button', { name: 'Allow' }).click();
    await expect(stranger.locator('header a.settings-link')).toBeVisible();
    await expect(card).toHaveCount(0);
    const listed = JSON.parse((await collie(dirs, ['devices', '--json'])).output) as { name: string }[];
    expect(listed.map((d) => d.name)).toEqual(['Chrome on Android', 'Second phone']);

    // Refused on the first phone: the third is told so, and is not paired.
    const third = await fresh.newPage();
    await third.goto(await collieLink(dirs, ['--name', 'Third']));
    await page.getByRole('article', { name: 'A new device wants to pair: “Third”' }).getByRole('button', { name: 'Refuse' }).click();
    await expect(third.getByText('A phone paired with this bridge refused this one.', { exact: false })).toBeVisible();
    expect((JSON.parse((await collie(dirs, ['devices', '--json'])).output) as unknown[]).length).toBe(2);
  } finally {
    await fresh.close();
  }
});

test('collie devices revoke cuts a paired page off within one long-poll: it shows the pairing screen', async ({ page }) => {
  const { link, url } = await deskAndBridge();
  await pairPhone(page, link);
  await page.goto(`${url}#/agent/desk/chat/p`);
  await expect(page.getByText('Ready to deploy.')).toBeVisible();
  const [device] = JSON.parse((await collie(dirs, ['devices', '--json'])).output) as { id: string }[];
  expect((await collie(dirs, ['devices', 'revoke', device!.id])).code).toBe(0);
  await expect(pairingScreen(page)).toBeVisible();
  await expect(page.getByText('This phone was unpaired from the bridge.')).toBeVisible();
});

test('a watch device reads chats and cards but has no buttons, and its direct writes get 403 watch-only', async ({ page }) => {
  const { link, url } = await deskAndBridge();
  await pairPhone(page, link); // the first phone, to control
  const watcher = await page.context().browser()!.newContext();
  try {
    const watch = await watcher.newPage();
    await pairAnotherPhone(watch, await collieLink(dirs, ['--watch']), page);
    await expect(watch.getByText('This phone was paired to watch: it can read everything but cannot answer, send or change anything.')).toBeVisible();
    await watch.goto(`${url}#/agent/desk/chat/p`);
    const card = watch.getByRole('article', { name: 'Ship it?' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Watching only: answer this from a phone that can act.')).toBeVisible();
    await expect(watch.getByRole('main').getByRole('button')).toHaveCount(0);
    await expect(watch.getByRole('region', { name: 'Write to the agent' })).toHaveCount(0);
    const chat = (await (await watch.request.get(`${url}api/agents/desk/panes/p`)).json()) as { asks: { id: string; hash: string }[] };
    const answer = await watch.request.post(`${url}api/agents/desk/panes/p/asks/${chat.asks[0]!.id}`, {
      data: { agent: 'desk', paneId: 'p', requestId: 'w-1', hash: chat.asks[0]!.hash, answer: { optionIds: ['y'] } },
    });
    expect([answer.status(), ((await answer.json()) as { code: string }).code]).toEqual([403, 'watch-only']);
    const send = await watch.request.post(`${url}api/agents/desk/panes/p/send`, { data: { agent: 'desk', paneId: 'p', requestId: 'w-2', text: 'hi', turnId: null } });
    expect([send.status(), ((await send.json()) as { code: string }).code]).toEqual([403, 'watch-only']);
  } finally {
    await watcher.close();
  }
});

test('over HTTPS: the printed https link pairs the phone, and the quick start answers', async ({ browser }) => {
  dirs = run.dirs = await scratch();
  const tls = await makeTestCa(dirs.root);
  await writeFile(join(dirs.root, 'cert.pem'), tls.cert);
  await writeFile(join(dirs.root, 'key.pem'), tls.key, { mode: 0o600 });
  const socket = join(dirs.socketDir, 'desk', 'app.sock');
  const agent = (run.agent = await openCollie({ socket, hostName: 'desk', caps: { asks: true }, log: () => {} }));
  const asked = agent
    .workspace('w', { title: 'W' })
    .tab('t', { title: 'T' })
    .pane('p', { title: 'Deploy' })
    .ask({ kind: 'choice', toolCallId: 'ship', title: 'Ship it?', multiple: false, options: [{ id: 'y', label: 'Yes' }] });
  agent.ready();
  await writeSources(dirs.configDir, [{ name: 'desk', kind: 'durable', socket }]);
  const started = await startBridge(dirs, ['--tls-cert', join(dirs.root, 'cert.pem'), '--tls-key', join(dirs.root, 'key.pem')]);
  run.bridge = started.proc;
  expect(started.link).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/#pair=/);
  // The test's own CA is not one the browser knows: the context is told to accept its certificate.
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    await pairPhone(page, started.link);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'collie_device')).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict' });
    await page.getByRole('region', { name: 'Durable agents' }).getByRole('link', { name: /desk/ }).click();
    await page.getByRole('link', { name: /Deploy/ }).click();
    await page.getByRole('article', { name: 'Ship it?' }).getByRole('button', { name: 'Yes' }).click();
    expect(await asked).toEqual({ optionIds: ['y'] });
  } finally {
    await context.close();
  }
});
