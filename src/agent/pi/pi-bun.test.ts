import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir, wireCall, type TempDir } from '../testing';
import { answerCardScript } from './testing/answer-card-script';
import { CODING_SCRIPT, SAY, SELF_ANSWER, selfAnswerRule } from './testing/coding-script';
import { PI_OFFLINE_ENV, SCRIPTED_KEY_ENV, writePiHome } from './testing/pi-home';
import { startScriptedModel, type ScriptedModel } from './testing/scripted-model';

/**
 * Pi on Bun with the caller check on, as `collie pi` runs it: Pi's own `bash` tool, allowed by
 * the person, tries to approve the card of another chat over the agent's socket, and is refused;
 * the card stays open until the person answers it.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BUN = join(ROOT, 'node_modules', '.bin', 'bun');
const MAIN = fileURLToPath(new URL('./run-pi.ts', import.meta.url));

let dir: TempDir;
let model: ScriptedModel;
let agent: ChildProcess;
let socket: string;
let project: string;
let n = 0;
const rid = () => `r-${++n}`;

beforeEach(async () => {
  dir = await tempDir();
  project = join(dir.path, 'project');
  await mkdir(project);
  socket = join(dir.path, 'run', 'pi.sock');
  await writeFile(join(project, 'answer-card.cjs'), answerCardScript(socket));
  model = await startScriptedModel([selfAnswerRule(`'${process.execPath}' answer-card.cjs`), ...CODING_SCRIPT]);
  await writePiHome(join(dir.path, 'pi-home'), model.baseUrl);
  agent = spawn(BUN, [MAIN, '--cwd', project, '--socket', socket, '--data', join(dir.path, 'data')], {
    env: { ...process.env, ...PI_OFFLINE_ENV, PI_CODING_AGENT_DIR: join(dir.path, 'pi-home'), [SCRIPTED_KEY_ENV]: 'scripted-key-0123456789' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let text = '';
    agent.stdout!.on('data', (c: Buffer) => ((text += c.toString('utf8')), /^listening /m.test(text) && resolve()));
    agent.once('exit', (code) => reject(new Error(`the Pi agent exited (${code}): ${text}`)));
  });
});
afterEach(async () => {
  agent.kill('SIGTERM');
  await new Promise((resolve) => (agent.exitCode === null ? agent.once('exit', resolve) : resolve(null)));
  await model.close();
  await dir.cleanup();
});

type Pane = { id: string; asks: { id: string; revision: number; kind: string; tool: { name: string } | null }[]; turn: { id: string; state: string } | null };
async function panes(): Promise<Pane[]> {
  const { json } = await wireCall(socket, 'GET', '/snapshot');
  return (json as { workspaces: { tabs: { panes: Pane[] }[] }[] }).workspaces.flatMap((w) => w.tabs.flatMap((t) => t.panes));
}
const paneOf = async (id: string) => (await panes()).find((p) => p.id === id)!;
async function chat(text: string): Promise<string> {
  const { json } = await wireCall(socket, 'POST', '/starter/new-chat', { requestId: rid() });
  const id = (json as { paneId: string }).paneId;
  expect((await wireCall(socket, 'POST', `/pane/${id}/send`, { requestId: rid(), text, turnId: null })).json).toMatchObject({ status: 'accepted' });
  return id;
}
const cardOf = (id: string) =>
  vi.waitFor(
    async () => {
      const ask = (await paneOf(id)).asks[0];
      expect(ask).toBeDefined();
      return ask!;
    },
    { timeout: 20_000 },
  );
const answer = (paneId: string, ask: { id: string; revision: number }) =>
  wireCall(socket, 'POST', `/pane/${paneId}/answer`, { requestId: rid(), askId: ask.id, revision: ask.revision, answer: { optionIds: ['allow'] } });

describe('Pi on Bun, the caller check on', () => {
  it('its bash tool cannot answer its own permission card; the person can, once', async () => {
    expect((await wireCall(socket, 'GET', '/hello')).json.host).toMatchObject({ runtime: 'bun 1.4.4', callerCheck: 'on' });
    const writing = await chat(SAY.write);
    const card = await cardOf(writing);
    expect(card.tool?.name).toBe('write');

    const tool = await chat(SELF_ANSWER);
    const bashCard = await cardOf(tool);
    expect(bashCard.tool?.name).toBe('bash');
    expect((await answer(tool, bashCard)).json).toEqual({ outcome: 'taken' });
    // The bash tool ran the script: refused, and what it printed went back to the model.
    await vi.waitFor(() => expect(JSON.stringify(model.requests.at(-1))).toContain('{\\"status\\":403,\\"code\\":\\"caller-refused\\"}'), { timeout: 20_000 });
    expect(existsSync(join(project, 'hello.txt'))).toBe(false);
    expect((await paneOf(writing)).asks.map((a) => a.id)).toEqual([card.id]);

    expect((await answer(writing, card)).json).toEqual({ outcome: 'taken' });
    await vi.waitFor(async () => expect(await readFile(join(project, 'hello.txt'), 'utf8')).toBe('hi'), { timeout: 20_000 });
  }, 60_000);
});
