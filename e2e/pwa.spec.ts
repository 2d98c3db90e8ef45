import { chromium, devices, expect, test, type Page } from '@playwright/test';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openCollie } from '../src/agent/kit';
import { startBridge, type RunningBridge } from '../src/bridge/bridge';
import { pairPhone } from './support/pair';
import { scratch } from './support/processes';
import { stopAfterEach } from './support/started';

/**
 * The app as a phone keeps it: its service worker keeps the shell so a reload opens the app with
 * the bridge gone, and a new version waits for the person's Reload. The bridge runs in this
 * process (the same code the CLI starts) so the test can serve it a second build.
 */
const BUILT = resolve(import.meta.dirname, '..', 'dist', 'app');
let bridge: RunningBridge | undefined;

const run = stopAfterEach();

async function setUp(page: Page, port = 0) {
  const dirs = (run.dirs = await scratch());
  const appDir = join(dirs.root, 'app');
  await cp(BUILT, appDir, { recursive: true });
  const socket = join(dirs.socketDir, 'desk', 'app.sock');
  const agent = await openCollie({ socket, hostName: 'desk', caps: { send: true }, log: () => {} });
  run.later(() => agent.close());
  const pane = agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Release' });
  pane.item({ id: 'i1', kind: 'reply', text: 'The build is green.' });
  void pane
    .ask({
      kind: 'choice',
      toolCallId: 'ship',
      title: 'Ship it?',
      options: [
        { id: 'y', label: 'Yes' },
        { id: 'n', label: 'No' },
      ],
    })
    .catch(() => {});
  // A second conversation, working on a turn, with no question open: what Send is tried on.
  const notes = agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('n', { title: 'Notes' });
  notes.item({ id: 'n1', kind: 'reply', text: 'Draft ready.' });
  const turn = notes.startTurn();
  const sent: string[] = [];
  agent.handle({ send: ({ text }) => void sent.push(text) });
  agent.ready();
  const options = {
    sources: [{ name: 'desk', address: { kind: 'socket' as const, path: socket } }],
    durable: true,
    stateDir: dirs.stateDir,
    host: '127.0.0.1',
    appDir,
    log: () => {},
  };
  bridge = await startBridge({ ...options, port });
  // The bridge runs in this process: given after the agent, it stops first (the restarted one, if the test restarted it).
  run.later(async () => {
    await bridge?.close();
    bridge = undefined;
  });
  const { url } = bridge;
  await pairPhone(page, bridge.invite().link);
  // The first visit installs the worker; it keeps every file of this build.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The bridge back on the same address, as after a restart.
  const restart = async () => void (bridge = await startBridge({ ...options, port: Number(new URL(url).port) }));
  return { appDir, url, restart, sent, turn };
}

test('after one visit the app opens with the bridge stopped: the last known dashboard and chat, marked offline with their time; a card tap sends nothing; the bridge back, live data returns without a reload', async ({
  page,
}) => {
  const { url, restart } = await setUp(page);
  await page.goto(`${url}#/agent/desk/chat/p`);
  await expect(page.getByRole('article', { name: 'Ship it?' })).toBeVisible();
  await page.goto(`${url}#/`);
  await expect(page.locator('[data-agent="desk"]')).toContainText('1 needs you');
  // The copies are written a moment after each read: wait until both are kept.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((done) => {
            const open = indexedDB.open('collie');
            open.onsuccess = () => {
              const count = open.result.transaction('copies').objectStore('copies').count();
              count.onsuccess = () => done(count.result);
            };
            open.onerror = () => done(0);
          }),
      ),
    )
    .toBeGreaterThanOrEqual(2);

  await bridge!.close();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Collie', level: 1 })).toBeVisible(); // the kept shell, not the browser's error page
  await expect(page.locator('[data-agent="desk"]')).toContainText('1 needs you');
  await expect(page.getByRole('alert')).toContainText(/^Offline — last updated \d{1,2}:\d{2}/);
  await page.goto(`${url}#/agent/desk/chat/p`);
  await expect(page.getByRole('main')).toContainText('The build is green.');
  const card = page.getByRole('article', { name: 'Ship it?' });
  const posts: string[] = [];
  page.on('request', (r) => void (r.method() === 'POST' && posts.push(r.url())));
  await card.getByRole('button', { name: 'Yes' }).click();
  await expect(card).toContainText('Not sent: the bridge is not answering.');
  expect(posts).toEqual([]);

  const marker = await page.evaluate(() => ((window as unknown as { sameDocument: number }).sameDocument = 1));
  await restart();
  await expect(page.locator('[data-connection]')).toHaveCount(0); // the offline banner is gone
  await expect(card.getByRole('button', { name: 'Yes' })).toBeEnabled();
  await expect(card).not.toContainText('Not sent'); // said only while the bridge was down
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: number }).sameDocument)).toBe(marker); // no reload
});

test('a new version waits for Reload, then takes over once and keeps the typed draft', async ({ page }) => {
  const { appDir, url } = await setUp(page);
  await page.goto(`${url}#/agent/desk/chat/p`);
  const message = page.getByRole('region', { name: 'Write to the agent' }).getByLabel('Message', { exact: true });
  await message.fill('half a thought');
  await expect(page.getByText('A new version of Collie is ready.')).toHaveCount(0);

  // The second build: a changed shell, and a worker whose list names its new revision.
  const shell = (await readFile(join(appDir, 'index.html'), 'utf8')).replace('<head>', '<head><meta name="collie-build" content="2" />');
  await writeFile(join(appDir, 'index.html'), shell);
  for (const copy of ['index.html.br', 'index.html.gz']) await rm(join(appDir, copy), { force: true }); // the first build's compressed shell
  const worker = await readFile(join(appDir, 'service-worker.js'), 'utf8');
  const renamed = worker.replace(/("revision":")[0-9a-f]+(","url":"index\.html")/, '$1second-build$2');
  expect(renamed).not.toBe(worker);
  await writeFile(join(appDir, 'service-worker.js'), renamed);

  await page.reload(); // the worker looks for a new version at every start
  await expect(page.getByText('A new version of Collie is ready.')).toBeVisible();
  expect(await page.locator('meta[name="collie-build"]').count()).toBe(0); // not swapped by itself
  await expect(message).toHaveValue('half a thought');
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.locator('meta[name="collie-build"]')).toHaveAttribute('content', '2');
  await expect(message).toHaveValue('half a thought');
  await expect(page.getByText('A new version of Collie is ready.')).toHaveCount(0);
});

test('Chromium finds the app installable: manifest, icons, a worker that answers offline; the favicon is there', async ({ browserName }, info) => {
  // Chromium's installability check says `in-incognito` in an ordinary test context: a real profile.
  const profile = await mkdtemp(join(tmpdir(), 'collie-profile-'));
  run.later(() => rm(profile, { recursive: true, force: true }));
  const launch = info.project.use.launchOptions ?? {};
  const context = await chromium.launchPersistentContext(profile, { ...devices['Pixel 7'], ...launch });
  run.later(() => context.close());
  expect(browserName).toBe('chromium');
  const page = context.pages()[0] ?? (await context.newPage());
  const { url } = await setUp(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
  const manifest = (await (await page.request.get(`${url}manifest.webmanifest`)).json()) as { display: string; icons: { sizes: string; purpose: string }[] };
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const file of ['favicon.ico', 'apple-touch-icon.png', 'icon-192.png', 'icon-512.png', 'icon-maskable-512.png'])
    expect((await page.request.get(`${url}${file}`)).status(), file).toBe(200);
});

test('a chat opened a moment before the bridge stops is kept; offline, its header says so and claims no state, and Send keeps the text, marked not sent, for one Try again', async ({
  page,
}) => {
  const { url, restart, sent, turn } = await setUp(page);
  await page.goto(`${url}#/agent/desk/chat/n`);
  const header = page.locator('header');
  await expect(header).toContainText('working');
  await expect(page.getByRole('main')).toContainText('Draft ready.');
  // At once, before any timer could write a copy: the first drawing is kept, the reload's leaving writes the rest.
  await bridge!.close();
  await page.reload();
  await expect(page.getByRole('main')).toContainText('Draft ready.');
  // The connection's state is in the header, which stays on top; the state line no longer claims "working".
  await expect(header.getByRole('alert')).toContainText(/^Offline — last updated \d{1,2}:\d{2}/);
  await expect(header).not.toContainText('working');
  await expect(header).toContainText('state unknown');

  const posts: string[] = [];
  page.on('request', (r) => void (r.method() === 'POST' && posts.push(r.url())));
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('ship the notes');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const composer = page.getByRole('region', { name: 'Write to the agent' });
  await expect(composer).toContainText('You are offline. Nothing was sent.');
  await expect(composer.locator('.unsent')).toContainText('ship the notes');
  await expect(composer.locator('.unsent')).toContainText('Not sent');
  await expect(box).toHaveValue('ship the notes'); // the text stays
  expect(posts).toEqual([]);

  await restart();
  turn.end(); // the agent is free for the next message, which then runs at once
  await expect(header.getByRole('alert')).toHaveCount(0);
  await composer.getByRole('button', { name: 'Try again' }).click();
  await expect(composer.locator('.unsent')).toHaveCount(0);
  await expect(box).toHaveValue('');
  await expect.poll(() => sent).toEqual(['ship the notes']);
  await expect(composer.getByRole('button', { name: 'Try again' })).toHaveCount(0); // once
});
