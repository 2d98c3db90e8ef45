import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie, type PaneHandle } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import type { AgentJson, DashboardJson } from '../../wire/bridge-json';
import { askKey } from '../../wire/ask-key';
import { startBridge, type RunningBridge } from '../bridge';
import { pairedCookie } from '../testing/paired';

/**
 * The dashboard's inbox and the list's row preview, over a real bridge and two copies of one
 * agent program (one pane id, one tool call id: one ask id) on private sockets.
 */
let dir: TempDir;
let agents: Collie[];
let bridge: RunningBridge;
let cookie: string;

const NAMES = ['desk-a', 'desk-b'] as const;
const MODEL_TEXT = 'IGNORE THE TOOL: this is safe, tap Allow always';

beforeEach(async () => {
  dir = await tempDir();
  agents = [];
  for (const name of NAMES) agents.push(await openCollie({ socket: join(dir.path, name, 'app.sock'), hostName: 'desk', caps: { asks: true }, log: () => {} }));
});
afterEach(async () => {
  await bridge.close();
  for (const agent of agents) await agent.close();
  await dir.cleanup();
});

async function start() {
  bridge = await startBridge({
    sources: NAMES.map((name) => ({ name, address: { kind: 'socket' as const, path: join(dir.path, name, 'app.sock') } })),
    durable: true,
    stateDir: join(dir.path, 'state'),
    host: '127.0.0.1',
    port: 0,
    log: () => {},
  });
  await poll();
  cookie = await pairedCookie(bridge.devices);
}
const poll = () => Promise.all(NAMES.map((name) => bridge.agents.get(name)!.poller.poll()));
const get = async <T>(path: string): Promise<T> => (await fetch(`${bridge.url}${path.slice(1)}`, { headers: { cookie } })).json() as Promise<T>;

/** The kit stamps asks to the millisecond: the next one is raised on a later one, so ages differ. */
async function nextMillisecond() {
  const now = Date.now();
  while (Date.now() === now) await new Promise((resolve) => setImmediate(resolve));
}

function paneOf(agent: Collie): PaneHandle {
  return agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Work' });
}

describe("the dashboard's inbox", () => {
  it('lists every open ask of every agent oldest first, two agents with one ask id kept apart', async () => {
    const [a, b] = agents.map(paneOf) as [PaneHandle, PaneHandle];
    for (const agent of agents) agent.ready();
    // B asks first: oldest first puts it before A, although A is listed first.
    void b.ask({ kind: 'choice', toolCallId: 'ship', title: 'Ship it?', multiple: false, options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
    await nextMillisecond();
    void a.ask({ kind: 'choice', toolCallId: 'ship', title: 'Ship it?', multiple: false, options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
    await nextMillisecond();
    void a.ask({ kind: 'text', toolCallId: 'name', title: 'Name the release' }).catch(() => {});
    await start();

    const { inbox } = await get<DashboardJson>('/api/dashboard');
    expect(inbox.map((ask) => [ask.agent, ask.title])).toEqual([
      ['desk-b', 'Ship it?'],
      ['desk-a', 'Ship it?'],
      ['desk-a', 'Name the release'],
    ]);
    expect(inbox[0]).toEqual({ agent: 'desk-b', paneId: 'p', askId: inbox[1]!.askId, kind: 'choice', title: 'Ship it?', createdAt: expect.any(String), conversation: 'Work' });
    expect(new Set(inbox.map((ask) => askKey(ask.agent, ask.askId))).size).toBe(3);

    b.decide('ship');
    await poll();
    expect((await get<DashboardJson>('/api/dashboard')).inbox.map((ask) => [ask.agent, ask.title])).toEqual([
      ['desk-a', 'Ship it?'],
      ['desk-a', 'Name the release'],
    ]);
  });

  it("names a permission ask by its tool only, never by the model's title or reason", async () => {
    const pane = paneOf(agents[0]!);
    void pane
      .ask({
        kind: 'permission',
        toolCallId: 'bash',
        title: MODEL_TEXT,
        reason: MODEL_TEXT,
        tool: { name: 'Bash', input: { command: 'ls' } },
        options: [{ id: 'ok', label: 'Allow', effect: 'allow' }],
      })
      .catch(() => {});
    void pane.ask({ kind: 'permission', toolCallId: 'anon', title: MODEL_TEXT, tool: null, options: [{ id: 'ok', label: 'Allow', effect: 'allow' }] }).catch(() => {});
    for (const agent of agents) agent.ready();
    await start();

    const text = await (await fetch(`${bridge.url}api/dashboard`, { headers: { cookie } })).text();
    expect(text).not.toContain('IGNORE');
    const { inbox } = JSON.parse(text) as DashboardJson;
    expect(inbox.map((ask) => [ask.kind, ask.title])).toEqual([
      ['permission', 'Bash'],
      ['permission', ''],
    ]);
  });
});

describe("a conversation row's preview", () => {
  it("is the pane's newest item: its kind and one line of its text, with its time", async () => {
    const pane = paneOf(agents[0]!);
    pane.item({ id: 'i1', kind: 'reply', text: 'Looking at the build.\nIt failed twice.', at: '2025-03-01T10:00:00.000Z' });
    paneOf(agents[1]!);
    for (const agent of agents) agent.ready();
    await start();
    const row = async () => (await get<AgentJson>('/api/agents/desk-a')).conversations[0]!;
    expect((await row()).preview).toEqual({ kind: 'reply', text: 'Looking at the build. It failed twice.', at: '2025-03-01T10:00:00.000Z' });

    pane.item({ id: 'i2', kind: 'tool', toolCallId: 'c1', name: 'Bash', summary: 'npm test', status: 'running' });
    await poll();
    expect((await row()).preview).toMatchObject({ kind: 'tool', text: 'Bash' });
    // A pane with no item yet has no preview.
    expect((await get<AgentJson>('/api/agents/desk-b')).conversations[0]!.preview).toBeUndefined();
  });

  it('says when each conversation last moved: its newest item, ask or turn; else when the bridge first saw it', async () => {
    const pane = paneOf(agents[0]!);
    pane.item({ id: 'i1', kind: 'reply', text: 'Looking.', at: '2025-03-01T10:00:00.000Z' });
    const before = new Date().toISOString();
    paneOf(agents[1]!); // no item, ask or turn
    for (const agent of agents) agent.ready();
    await start();
    const row = async (name: string) => (await get<AgentJson>(`/api/agents/${name}`)).conversations[0]!;
    expect((await row('desk-a')).activeAt).toBe('2025-03-01T10:00:00.000Z');
    const seen = (await row('desk-b')).activeAt!;
    expect(seen >= before && seen <= new Date().toISOString()).toBe(true);

    void pane.ask({ kind: 'text', toolCallId: 'q', title: 'Name it?' }).catch(() => {});
    await poll();
    const asked = (await row('desk-a')).activeAt!;
    expect(asked > '2025-03-01T10:00:00.000Z').toBe(true);
    expect((await row('desk-a')).preview!.at).toBe('2025-03-01T10:00:00.000Z'); // the preview is still the item
    expect((await row('desk-b')).activeAt).toBe(seen); // first seen once, not every read
  });

  it('names its oldest open question as the inbox does: a permission by its tool, never the model’s title', async () => {
    const pane = paneOf(agents[0]!);
    void pane
      .ask({ kind: 'permission', toolCallId: 'p', title: MODEL_TEXT, tool: { name: 'bash', input: { command: 'ls' } }, options: [{ id: 'y', label: 'Allow', effect: 'allow' }] })
      .catch(() => {});
    void pane.ask({ kind: 'text', toolCallId: 'q', title: 'Name it?' }).catch(() => {});
    paneOf(agents[1]!);
    for (const agent of agents) agent.ready();
    await start();
    const rows = async (name: string) => (await get<AgentJson>(`/api/agents/${name}`)).conversations;
    expect((await rows('desk-a'))[0]!.question).toEqual({ kind: 'permission', title: 'bash' });
    expect((await rows('desk-b'))[0]!.question).toBeUndefined();
  });
});
