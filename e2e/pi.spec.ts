import { expect, test, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hostedFolder } from '../src/bridge/cli/hosted-agent';
import { CODING_SCRIPT, GO_FILE, SAY } from '../src/agent/pi/testing/coding-script';
import { PI_OFFLINE_ENV, SCRIPTED_KEY_ENV, writePiHome } from '../src/agent/pi/testing/pi-home';
import { startScriptedModel, type ScriptedModel } from '../src/agent/pi/testing/scripted-model';
import { openChatMenu } from './support/chat-menu';
import { collie, scratch, startBridge } from './support/processes';
import { pairPhone } from './support/pair';
import { stopAfterEach } from './support/started';

/**
 * Pi, the real coding agent, supervised from the phone: `collie pi` starts the real Pi package as
 * a durable agent of its own, the real bridge serves the phone, headless Chromium at phone size
 * taps as a person does. Only the model is scripted: an OpenAI-compatible server of this test on
 * 127.0.0.1, configured in the test's own Pi home as a person configures a provider.
 */
let model: ScriptedModel;
let project: string;
let dirs: Awaited<ReturnType<typeof scratch>>;
let url: string;

// One scripted model serves every test of the file: started once, closed once.
test.beforeAll(async () => {
  model = await startScriptedModel(CODING_SCRIPT);
});
test.afterAll(async () => {
  await model.close();
});

const started = stopAfterEach();

test.beforeEach(async ({ page }) => {
  dirs = started.dirs = await scratch();
  // Pi is stopped after the bridge and before the folders go (its pid file is in the state folder).
  started.later(() => collie(dirs, ['pi', 'stop']));
  project = join(dirs.root, 'project');
  await mkdir(project);
  const piHome = join(dirs.root, 'pi-home');
  await writePiHome(piHome, model.baseUrl);
  // What `collie pi` passes on to Pi: its home, no network, and the key the test's provider names;
  // put back as it was after the test, so no later spec in this worker inherits them.
  const piEnv: Record<string, string> = { ...PI_OFFLINE_ENV, PI_CODING_AGENT_DIR: piHome, [SCRIPTED_KEY_ENV]: 'scripted-key-0123456789' };
  const before = Object.fromEntries(Object.keys(piEnv).map((name) => [name, process.env[name]]));
  started.later(() => {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  Object.assign(process.env, piEnv);
  await startPi();
  const running = await startBridge(dirs);
  started.bridge = running.proc;
  url = running.url;
  await pairPhone(page, running.link);
});

async function startPi(): Promise<void> {
  const run = await collie(dirs, ['pi', '--cwd', project]);
  expect(run.code, run.output).toBe(0);
}

const composer = (page: Page) => page.getByRole('region', { name: 'Write to the agent' });
async function write(page: Page, text: string, button: 'Send' | 'Steer') {
  await composer(page).getByLabel('Message', { exact: true }).fill(text);
  await composer(page).getByRole('button', { name: button, exact: true }).click();
}
async function newChat(page: Page) {
  await page.goto(`${url}#/agent/pi`);
  await page.getByRole('region', { name: 'Starters' }).getByRole('button', { name: 'New chat' }).click();
  await expect(page).toHaveURL(/#\/agent\/pi\/chat\/chat-/);
}
const card = (page: Page, tool: string) => page.getByRole('article', { name: `${tool} wants to run` });

test('New chat → a write waits for its card (tool and path) → Allow writes the file, the chat shows it done; closed, it reads under Closed and reopens', async ({ page }) => {
  await newChat(page);
  await write(page, SAY.write, 'Send');
  const permission = card(page, 'write');
  await expect(permission).toContainText('hello.txt');
  await expect(permission).not.toContainText("I'll create"); // the model's words are never the card's
  // The write as a person reads it: its path and what it writes, not JSON.
  await expect(permission.locator('.ask-tool-path')).toHaveText('hello.txt');
  await expect(permission.locator('.ask-tool-content')).toHaveText('hi');
  await expect(permission).not.toContainText('{');
  const main = page.getByRole('main');
  // While the card waits the tool has not run: its row says so.
  await expect(main.locator('.tool-head')).toHaveText(/write\s+waiting for your answer/);
  // For review: the waiting row above the card that shows the write, light and dark.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: join(import.meta.dirname, '..', 'test-results', 'pi', `write-card-${colorScheme}.png`) });
  }
  expect(existsSync(join(project, 'hello.txt'))).toBe(false);
  await permission.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(main).toContainText('Created hello.txt.');
  await expect(main.locator('.tool-head')).toContainText('write done');
  // The answer reads before what the tool then did.
  const rows = main.locator('li.entry');
  await expect(rows.filter({ has: page.locator('.given-bubble') }).getByText('Answered: Allow')).toBeVisible();
  const order = await rows.evaluateAll((all) => all.map((li) => (li.classList.contains('decision') ? 'answer' : li.classList.contains('tool') ? 'tool' : 'other')));
  expect(order.indexOf('answer')).toBeLessThan(order.indexOf('tool'));
  expect(await readFile(join(project, 'hello.txt'), 'utf8')).toBe('hi');

  const manage = (await openChatMenu(page)).getByRole('region', { name: 'Manage' });
  await manage.getByRole('button', { name: 'Close' }).click();
  await manage.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/#\/agent\/pi$/);
  await page
    .getByRole('region', { name: 'Closed' })
    .getByRole('link', { name: new RegExp(SAY.write) })
    .click();
  await expect(page.getByRole('main')).toContainText('Created hello.txt.');
  await page.getByRole('button', { name: 'Reopen' }).click();
  await write(page, 'thanks', 'Send');
  await expect(page.getByRole('main')).toContainText('I heard: thanks');
  // Pi resumed its own session: the model was sent the earlier exchange too.
  expect(model.requests.at(-1)!.some((m) => m.role === 'tool')).toBe(true);
});

test('Deny: no file, the tool reads denied, and the chat shows what the model was told', async ({ page }) => {
  await newChat(page);
  await write(page, SAY.write, 'Send');
  await card(page, 'write').getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByRole('main')).toContainText('You refused, so I did not create hello.txt.');
  await expect(page.getByRole('main').locator('.tool-head')).toContainText('write denied');
  expect(existsSync(join(project, 'hello.txt'))).toBe(false);
});

test('a long bash turn: Steer lands in it, Stop ends it and closes its card', async ({ page }) => {
  await newChat(page);
  await write(page, SAY.long, 'Send');
  await card(page, 'bash').getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(page.getByRole('main').locator('.tool-head')).toContainText('bash running');
  await write(page, 'also print the date', 'Steer');
  await expect(composer(page).getByText('Steered into the running turn.')).toBeVisible();
  await writeFile(join(project, GO_FILE), '');
  await expect(page.getByRole('main')).toContainText('Steered: also print the date');
  await expect(page.getByRole('main').locator('li.entry.user', { hasText: 'also print the date' }).locator('.steer-mark')).toHaveText('Steer');
  await expect(card(page, 'bash')).toContainText('sleep 60 && echo never');
  await composer(page).getByRole('button', { name: 'Stop' }).click();
  await expect(card(page, 'bash')).toHaveCount(0);
  await expect(page.getByRole('main')).toContainText('Stopped on the phone');
});

test('the agent killed while a card is open and started again: the same card, answered once, the tool runs once', async ({ page }) => {
  await newChat(page);
  await write(page, SAY.write, 'Send');
  await expect(card(page, 'write')).toBeVisible();
  const pid = Number((await readFile(hostedFolder(dirs.stateDir, 'pi', 'pi').pid, 'utf8')).trim());
  process.kill(pid, 'SIGKILL');
  await startPi();
  // Once the bridge reads the agent again, the chat is live (not the last known state) and the card is the new run's.
  await expect(page.locator('main.chat.stale')).toHaveCount(0);
  const again = card(page, 'write');
  await expect(again).toContainText('hello.txt');
  await again.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(page.getByRole('main')).toContainText('Created hello.txt.');
  await expect(page.getByRole('main').locator('.tool-head')).toHaveCount(1);
  expect(await readFile(join(project, 'hello.txt'), 'utf8')).toBe('hi');
});
