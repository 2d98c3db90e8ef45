import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ACP_PRESETS } from '../src/bridge/cli/acp-presets';
import { agentCache, ensureAgent } from '../src/bridge/cli/agent-install';
import { startScriptedAnthropic, type MessagesRule, type ScriptedAnthropic } from '../src/agent/acp/testing/scripted-anthropic';
import { last, startScriptedModel, textOf, type ModelMessage, type ScriptedModel } from '../src/agent/pi/testing/scripted-model';
import { collie, scratch, startBridge } from './support/processes';
import { pairPhone } from './support/pair';
import { stopAfterEach } from './support/started';

/**
 * Real coding agents from npm on the phone through `collie acp`: Claude Code (claude-agent-acp,
 * speaking Anthropic's Messages API) and Qwen Code (OpenAI chat completions), each installed once,
 * pinned, into Collie's agent cache, the real bridge, headless Chromium at phone size tapping as a
 * person does. Only the model is scripted: a server of this test on 127.0.0.1 that each agent is
 * pointed at by its own settings, with a made-up key.
 */
const LONG = 'touch started.flag && sleep 61.25';
const WROTE = 'The tool said it was done.';

interface RealAgent {
  /** Its name on the phone. */
  name: string;
  /** The card's tool for a write, and for a command. */
  writeTool: string;
  /** Whether the model has been told that its write was refused (in a turn of its own or with the next message). */
  toldOfRefusal(): boolean;
  /** `collie acp …` for it, and the environment that points it at the scripted model. */
  start(root: string, project: string): Promise<{ args: string[]; env: NodeJS.ProcessEnv }>;
}

let anthropic: ScriptedAnthropic;
let openai: ScriptedModel;
let projectNow = '';
const file = (name: string) => join(projectNow, name);
/** What the person asked, and the file or command each request calls for. */
const ASKS: Record<string, { write?: string; run?: string }> = {
  'please write hello': { write: 'hello.txt' },
  'please write denied': { write: 'denied.txt' },
  'please write later': { write: 'later.txt' },
  'run long': { run: LONG },
};
const wanted = (said: string) => Object.entries(ASKS).find(([words]) => said.includes(words))?.[1];

const HI = 'say hi';
const CLAUDE_RULES: MessagesRule[] = [
  // First: a message sent after a stop carries the stopped call's result beside it.
  { name: 'hi', when: (v) => v.lastUserText.includes(HI), reply: () => ({ text: 'Hello again.' }) },
  { name: 'after a tool', when: (v) => v.toolResult !== null, reply: (v) => ({ text: v.toolResult!.isError ? `Refused: ${v.toolResult!.text.slice(0, 120)}` : WROTE }) },
  {
    name: 'a write or a command',
    when: (v) => wanted(v.lastUserText) !== undefined,
    reply: (v) => {
      const asked = wanted(v.lastUserText)!;
      return asked.write
        ? { toolUse: { name: 'Write', input: { file_path: file(asked.write), content: 'hi from the phone\n' } } }
        : { toolUse: { name: 'Bash', input: { command: asked.run, description: 'a long job' } } };
    },
  },
  { name: 'anything else', when: () => true, reply: () => ({ text: 'Hello again.' }) },
];

const lastUser = (m: ModelMessage[]) => textOf([...m].reverse().find((x) => x.role === 'user'));
const QWEN_RULES = [
  { name: 'hi', when: (m: ModelMessage[]) => last(m)?.role === 'user' && lastUser(m).includes(HI), reply: () => ({ text: 'Hello again.' }) },
  {
    name: 'after a tool',
    when: (m: ModelMessage[]) => last(m)?.role === 'tool',
    reply: (m: ModelMessage[]) => ({ text: /cancel|reject|denied|refus/i.test(textOf(last(m))) ? `Refused: ${textOf(last(m)).slice(0, 120)}` : WROTE }),
  },
  {
    name: 'a write or a command',
    when: (m: ModelMessage[]) => last(m)?.role === 'user' && wanted(lastUser(m)) !== undefined,
    reply: (m: ModelMessage[]) => {
      const asked = wanted(lastUser(m))!;
      return asked.write
        ? { toolCalls: [{ name: 'write_file', args: { file_path: file(asked.write), content: 'hi from the phone\n' } }] }
        : { toolCalls: [{ name: 'run_shell_command', args: { command: asked.run, description: 'a long job' } }] };
    },
  },
  { name: 'anything else', when: () => true, reply: () => ({ text: 'Hello again.' }) },
];

const AGENTS: RealAgent[] = [
  {
    name: 'claude',
    writeTool: 'edit',
    toldOfRefusal: () => anthropic.views.some((v) => v.toolResult?.isError === true),
    async start(root) {
      const home = join(root, 'home');
      await mkdir(home, { recursive: true });
      const env = {
        HOME: home,
        COLLIE_AGENT_CACHE: agentCache(),
        ANTHROPIC_BASE_URL: anthropic.baseUrl,
        ANTHROPIC_API_KEY: 'sk-scripted-0000',
        CLAUDE_CONFIG_DIR: join(home, '.claude'),
        DISABLE_AUTOUPDATER: '1',
        DISABLE_TELEMETRY: '1',
        DISABLE_ERROR_REPORTING: '1',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        // Claude Code refuses to run as root unless told it is in a sandbox.
        ...(process.getuid?.() === 0 ? { IS_SANDBOX: '1' } : {}),
      };
      return { args: ['claude'], env };
    },
  },
  {
    name: 'qwen',
    writeTool: 'edit',
    toldOfRefusal: () => openai.requests.some((m) => m.some((x) => x.role === 'tool' && /cancel|reject|denied|refus/i.test(textOf(x)))),
    async start(root) {
      const home = join(root, 'home');
      await mkdir(join(home, '.qwen'), { recursive: true });
      await writeFile(
        join(home, '.qwen', 'settings.json'),
        JSON.stringify({ security: { auth: { selectedType: 'openai' } }, telemetry: { enabled: false }, privacy: { usageStatisticsEnabled: false } }),
      );
      // As the README says it: the preset, and after -- the model it is to use.
      const model = ['--auth-type', 'openai', '--openai-base-url', openai.baseUrl, '--openai-api-key', 'sk-scripted-0000', '-m', 'scripted-model'];
      return { args: ['qwen', '--', ...model], env: { HOME: home, COLLIE_AGENT_CACHE: agentCache() } };
    },
  },
];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Installed once, before any test's clock runs (npm: seconds on a fresh cache, nothing after).
  for (const preset of [ACP_PRESETS.claude, ACP_PRESETS.qwen]) await ensureAgent(preset.npm, agentCache());
  anthropic = await startScriptedAnthropic(CLAUDE_RULES);
  openai = await startScriptedModel(QWEN_RULES);
});
test.afterAll(async () => {
  await anthropic?.close();
  await openai?.close();
});

const started = stopAfterEach();
let dirs: Awaited<ReturnType<typeof scratch>>;
let url = '';

async function setUp(page: Page, agent: RealAgent): Promise<() => Promise<void>> {
  dirs = started.dirs = await scratch();
  projectNow = join(dirs.root, 'project');
  await mkdir(projectNow);
  const { args, env } = await agent.start(dirs.root, projectNow);
  started.later(() => collie(dirs, ['acp', 'stop', '--name', agent.name]));
  const begin = async () => {
    const run = await collie(dirs, ['acp', '--cwd', projectNow, ...args], env);
    expect(run.code, run.output).toBe(0);
  };
  await begin();
  const running = await startBridge(dirs);
  started.bridge = running.proc;
  url = running.url;
  await pairPhone(page, running.link);
  return begin;
}

const composer = (page: Page) => page.getByRole('region', { name: 'Write to the agent' });
async function write(page: Page, text: string) {
  await composer(page).getByLabel('Message', { exact: true }).fill(text);
  await composer(page).getByRole('button', { name: 'Send', exact: true }).click();
}
async function newChat(page: Page, agent: RealAgent) {
  await page.goto(`${url}#/agent/${agent.name}`);
  await page.getByRole('region', { name: 'Starters' }).getByRole('button', { name: 'New chat' }).click();
  await expect(page).toHaveURL(new RegExp(`#/agent/${agent.name}/chat/chat-`));
}
const card = (page: Page, tool: string) => page.getByRole('article', { name: `${tool} wants to run` });
/**
 * A tool's first card. Qwen Code loads a tool's code only when its model first calls it (the write
 * tool pulls in over a hundred modules), so on a busy machine the first card takes many times the
 * usual wait (README, "The tests, whole or one at a time").
 */
async function firstCard(page: Page, tool: string) {
  await expect(card(page, tool)).toBeVisible({ timeout: 45_000 });
  return card(page, tool);
}
const running = (command: string) =>
  execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .some((line) => line.startsWith('sleep') && line.includes(command.split('sleep ')[1]!));

for (const agent of AGENTS) {
  test.describe(`${agent.name}, a real agent from npm`, () => {
    test('a write asked on the phone: Allow writes the file; Deny writes nothing, and the model is told', async ({ page }) => {
      await setUp(page, agent);
      await newChat(page, agent);
      await write(page, 'please write hello');
      const allow = await firstCard(page, agent.writeTool);
      await expect(allow).toContainText(file('hello.txt'));
      await expect(allow).toContainText('hi from the phone');
      expect(existsSync(file('hello.txt'))).toBe(false);
      await allow.getByRole('button', { name: 'Allow', exact: true }).click();
      await expect(page.getByRole('main')).toContainText(WROTE);
      expect(await readFile(file('hello.txt'), 'utf8')).toBe('hi from the phone\n');
      // The write is in the chat as a diff.
      await expect(page.getByRole('main').getByRole('group', { name: 'Code, diff' })).toContainText('hi from the phone');

      await write(page, 'please write denied');
      await card(page, agent.writeTool).getByRole('button', { name: 'Deny', exact: true }).click();
      await expect(page.getByRole('main').locator('[data-kind="tool"]').last()).toContainText('denied');
      expect(existsSync(file('denied.txt'))).toBe(false);
      // Claude Code tells its model at once; Qwen Code ends the turn and tells it with the next message.
      await write(page, HI);
      await expect(page.getByRole('main')).toContainText('Hello again.');
      expect(agent.toldOfRefusal()).toBe(true);
      await page.screenshot({ path: `test-results/acp/${agent.name}-write.png` });
    });

    test('a long command stopped from the phone ends, and the chat goes on', async ({ page }) => {
      await setUp(page, agent);
      await newChat(page, agent);
      await write(page, 'run long');
      await (await firstCard(page, 'execute')).getByRole('button', { name: 'Allow', exact: true }).click();
      await expect.poll(() => existsSync(file('started.flag')), { timeout: 30_000 }).toBe(true);
      await composer(page).getByRole('button', { name: 'Stop' }).click();
      await expect(composer(page)).toContainText('Stopped');
      await expect.poll(() => running(LONG), { timeout: 20_000 }).toBe(false);
      await expect(page.getByRole('main').locator('[data-kind="tool"]').last()).toContainText('failed');
      await write(page, HI);
      await expect(page.getByRole('main')).toContainText('Hello again.');
    });

    test('the host restarted with a card open: the card goes, the conversation comes back once, and goes on', async ({ page }) => {
      const begin = await setUp(page, agent);
      await newChat(page, agent);
      await write(page, 'please write later');
      await firstCard(page, agent.writeTool);
      const chatUrl = page.url();
      expect((await collie(dirs, ['acp', 'stop', '--name', agent.name])).code).toBe(0);
      await begin();
      await page.goto(chatUrl);
      await expect(card(page, agent.writeTool)).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByRole('main').getByText('please write later', { exact: true })).toHaveCount(1);
      await write(page, HI);
      await expect(page.getByRole('main')).toContainText('Hello again.', { timeout: 30_000 });
      expect(existsSync(file('later.txt'))).toBe(false);
    });
  });
}
