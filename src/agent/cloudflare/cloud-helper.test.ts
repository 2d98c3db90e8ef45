import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentPath, WIRE_PREFIX } from '../../wire/agent-paths';
import type { Item, Snapshot } from '../../wire/types';
import { VERSION_HEADER } from '../../wire/wire-protocol';
import { openCollie, type Collie } from '../kit';
import { textOf, type ScriptedModel } from '../pi/testing/scripted-model';
import { tempDir, type TempDir } from '../testing';
import { CHAT_CAPS } from './agents/chat-on-phone';
import { DESK_HOST, startDesk } from './desk/desk-agent';
import { startStandInModel } from './dev/stand-in-model';
import { checkWrites } from '../../bridge/testing/check-writes';
import { freePort, startCloudDev, type CloudRun } from './testing/cloud-dev-run';

/**
 * The release helper (an Agents SDK agent with `withCollie`) under the real workerd, its model
 * the stand-in on 127.0.0.1: checked from outside as any agent is, and restarted with a card open.
 */
const TOKEN = 'cloud-token-agents-7c1e9a3b5d7f2c4e6a8b0d2f4a6c8e0b';
const WAIT = { timeout: 30_000, interval: 100 };

let runs: CloudRun[] = [];
let dirs: TempDir[] = [];
let model: ScriptedModel | undefined;
let node: Collie | undefined;
afterEach(async () => {
  await Promise.all(runs.map((run) => run.stop()));
  await node?.close();
  await model?.close();
  await Promise.all(dirs.map((dir) => dir.cleanup()));
  runs = [];
  dirs = [];
  model = node = undefined;
});

async function helper(state: string): Promise<CloudRun> {
  model ??= await startStandInModel();
  const run = await startCloudDev('agents', { port: await freePort(), state, vars: { COLLIE_TOKEN: TOKEN, OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: 'not-a-key' } });
  runs.push(run);
  return run;
}

async function scratchState(): Promise<string> {
  const dir = await tempDir();
  dirs.push(dir);
  return join(dir.path, 'state');
}

const headers = { authorization: `Bearer ${TOKEN}`, [VERSION_HEADER]: '1', 'content-type': 'application/json' };
const get = async <T>(url: string, path: string) => (await (await fetch(`${url}${WIRE_PREFIX}${path}`, { headers })).json()) as T;
const post = async (url: string, path: string, body: object) => (await fetch(`${url}${WIRE_PREFIX}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json();
const chatPane = (snapshot: Snapshot) => snapshot.workspaces[0]!.tabs[0]!.panes[0]!;
const items = async (url: string) => (await get<{ items: Item[] }>(url, `${agentPath('events', { pane: 'chat' })}?after=0`)).items;

/** Sends "publish <version>" from the phone's side and waits for its card. */
async function askToPublish(url: string, version: string, requestId: string) {
  const { turn } = chatPane(await get<Snapshot>(url, agentPath('snapshot')));
  expect(await post(url, agentPath('send', { pane: 'chat' }), { requestId, text: `publish ${version}`, ...(turn ? { turnId: turn.id } : {}) })).toMatchObject({
    status: 'accepted',
  });
  let snapshot: Snapshot | undefined;
  await vi.waitFor(async () => {
    snapshot = await get<Snapshot>(url, agentPath('snapshot'));
    expect(chatPane(snapshot).asks).toHaveLength(1);
  }, WAIT);
  return { snapshot: snapshot!, ask: chatPane(snapshot!).asks[0]! };
}

describe('an Agents SDK agent under workerd', () => {
  it('with a card open passes collie durable check --writes with 0 FAIL, as many rules ok as the Node kit with the same caps and a card', async () => {
    const cloud = await helper(await scratchState());
    const { ask } = await askToPublish(cloud.url, '9.9.9', 'r-open-a-card');
    expect(ask).toMatchObject({ kind: 'permission', tool: { name: 'publish_release', input: { version: '9.9.9' } } });
    node = await openCollie({ port: 0, tokens: [TOKEN], hostName: DESK_HOST, caps: CHAT_CAPS, log: () => {} });
    startDesk(node);
    const [onWorkers, onNode] = [await checkWrites(cloud.url, TOKEN), await checkWrites(node.address, TOKEN)];
    expect(onWorkers.failures).toEqual([]);
    expect(onNode.failures).toEqual([]);
    expect(onWorkers.ok).toBeGreaterThanOrEqual(onNode.ok);
  });

  it('a restart of workerd with a card open keeps the epoch and the card; its answer runs the tool once', async () => {
    const state = await scratchState();
    const first = await helper(state);
    const { snapshot: before, ask } = await askToPublish(first.url, '1.4.0', 'r-publish');
    await first.stop();

    const again = await helper(state);
    const after = await get<Snapshot>(again.url, agentPath('snapshot'));
    expect(after.epoch).toBe(before.epoch);
    expect(chatPane(after).asks).toEqual([ask]);
    expect(await post(again.url, agentPath('answer', { pane: 'chat' }), { requestId: 'r-allow', askId: ask.id, revision: ask.revision, answer: { optionIds: ['allow'] } })).toEqual(
      { outcome: 'taken' },
    );
    await vi.waitFor(
      async () => expect((await items(again.url)).at(-1)).toMatchObject({ kind: 'markdown', text: expect.stringContaining('The tool answered: Published 1.4.0') }),
      WAIT,
    );

    const shown = await items(again.url);
    expect(shown.find((i) => i.kind === 'tool')).toMatchObject({ status: 'done', output: 'Published 1.4.0 (release number 1 from this helper).' });
    expect(new Set(shown.map((i) => i.id)).size).toBe(shown.length);
    // The model was told the tool's result once: the tool ran once.
    const told = model!.requests.flatMap((messages) => messages.filter((m) => m.role === 'tool').map(textOf));
    expect(new Set(told)).toEqual(new Set([expect.stringContaining('Published 1.4.0 (release number 1')]));
    expect(chatPane(await get<Snapshot>(again.url, agentPath('snapshot'))).asks).toEqual([]);
  });
});
