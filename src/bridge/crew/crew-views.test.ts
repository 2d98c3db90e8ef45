import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCollie, type Collie } from '../../agent/kit';
import type { AgentJson, ChatJson, ChatReplyJson, DashboardJson } from '../../wire/bridge-json';
import { httpsCall } from '../testing/https-call';
import { pairedCookie } from '../testing/paired';
import { crewPath } from './crew-file';
import { joinCrew, type RigBridge } from '../testing/crew-rig';
import { crewTestPerFile } from '../testing/crew-test';

/**
 * The lead shows every machine: a phone paired with the lead reads a member's agents beside the
 * lead's own (two real bridges, loopback HTTPS with a test CA, a real agent on each).
 */
const crewTest = crewTestPerFile();
let cookie: string;

/** Fast retries, so "within two reads" is quick in a test. */
const read = { retryMs: 20, maxRetryMs: 100 };

async function agentNamed(folder: string): Promise<Collie> {
  const agent = await openCollie({ socket: join(crewTest.dir.path, folder, 'app.sock'), hostName: 'desk', caps: { asks: true, send: true, history: true }, log: () => {} });
  crewTest.later(() => agent.close());
  return agent;
}

const bridgeWith = (name: string, agentFolder: string | null, port = 0): Promise<RigBridge> =>
  crewTest.bridge(name, {
    sources: agentFolder ? [{ name: 'desk', address: { kind: 'socket', path: join(crewTest.dir.path, agentFolder, 'app.sock') } }] : [],
    port,
    crew: { tls: { ca: crewTest.tls.ca }, read },
  });

const get = async (lead: RigBridge, path: string, headers: Record<string, string> = {}) => {
  const reply = await httpsCall(new URL(path.slice(1), lead.bridge.url), { ca: crewTest.tls.ca, headers: { cookie, ...headers } });
  return { status: reply.status, etag: String(reply.headers.etag ?? ''), json: reply.text ? (JSON.parse(reply.text) as unknown) : null };
};

/** Reads the lead's dashboard with its long-poll until `until` holds: waits on events, never on a fixed sleep. */
async function dashboardUntil(lead: RigBridge, until: (d: DashboardJson) => boolean): Promise<DashboardJson> {
  let etag = '';
  let last: DashboardJson | null = null;
  const deadline = Date.now() + 20000;
  while (Date.now() < deadline) {
    const reply = await get(lead, etag ? '/api/dashboard?wait=1' : '/api/dashboard', etag ? { 'if-none-match': etag } : {});
    if (reply.status === 200) {
      last = reply.json as DashboardJson;
      etag = reply.etag;
      if (until(last)) return last;
    }
  }
  throw new Error(`the dashboard never showed it; last: ${JSON.stringify(last)}`);
}

async function crewOfTwo() {
  const [own, far] = [await agentNamed('lead-agent'), await agentNamed('member-agent')];
  for (const agent of [own, far]) agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Work' });
  own.ready();
  far.ready();
  const lead = await bridgeWith('lead', 'lead-agent');
  const member = await bridgeWith('member', 'member-agent');
  await joinCrew(lead.bridge, member.bridge, 'build-box');
  cookie = await pairedCookie(lead.bridge.devices);
  return { lead, member, far };
}

describe("the lead shows every machine's agents", () => {
  it("lists the member's agents beside its own, named apart and marked elsewhere, with the member's asks in Needs you", async () => {
    const { lead, far } = await crewOfTwo();
    void far
      .workspace('w', { title: 'W' })
      .tab('t', { title: 'T' })
      .pane('p', { title: 'Work' })
      .ask({ kind: 'choice', toolCallId: 'ship', title: 'Ship it?', multiple: false, options: [{ id: 'y', label: 'Yes' }] })
      .catch(() => {});
    const dashboard = await dashboardUntil(
      lead,
      (d) => d.agents.some((a) => a.name === 'desk@build-box' && a.status === 'ok' && a.needsYou === 1) && d.agents.some((a) => a.name === 'desk' && a.status === 'ok'),
    );
    expect(dashboard.machines).toEqual([{ label: 'build-box', state: 'live' }]);
    const remote = dashboard.agents.find((a) => a.name === 'desk@build-box')!;
    expect(remote).toMatchObject({ where: 'elsewhere', machine: { label: 'build-box', agent: 'desk' }, hostName: 'desk' });
    expect(dashboard.agents.find((a) => a.name === 'desk')).not.toHaveProperty('machine');
    expect(dashboard.inbox).toEqual([expect.objectContaining({ agent: 'desk@build-box', paneId: 'p', title: 'Ship it?', conversation: 'Work' })]);

    // Its list, its chat (then only what changed, as a delta), as for a local agent.
    const list = (await get(lead, '/api/agents/desk%40build-box')).json as AgentJson;
    expect(list.agent.name).toBe('desk@build-box');
    expect(list.conversations.map((c) => [c.paneId, c.title, c.needsYou])).toEqual([['p', 'Work', 1]]);
    const chat = await get(lead, '/api/agents/desk%40build-box/panes/p');
    expect((chat.json as ChatJson).asks.map((a) => a.title)).toEqual(['Ship it?']);
    expect((chat.json as ChatJson).agent.name).toBe('desk@build-box');
    far.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Work' }).item({ id: 'r1', kind: 'reply', text: 'shipping soon' });
    let next = await get(lead, '/api/agents/desk%40build-box/panes/p?wait=1&delta=1', { 'if-none-match': chat.etag });
    while (next.status === 304) next = await get(lead, '/api/agents/desk%40build-box/panes/p?wait=1&delta=1', { 'if-none-match': chat.etag });
    expect(next.status).toBe(200);
    const reply = next.json as ChatReplyJson;
    expect('delta' in reply).toBe(true);
    expect(JSON.stringify(reply)).toContain('shipping soon');

    expect((await get(lead, '/api/agents/nobody%40build-box')).status).toBe(404);
    expect((await get(lead, '/api/agents/desk%40elsewhere')).status).toBe(404);
  });

  it("reads a member's closed conversations and their items through the lead, never kept", async () => {
    const { lead, far } = await crewOfTwo();
    const pane = far.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('q', { title: 'Old talk' });
    pane.item({ id: 'i1', kind: 'reply', text: 'first' });
    const closedId = pane.conversationId;
    pane.close();
    await dashboardUntil(lead, (d) => d.agents.some((a) => a.name === 'desk@build-box' && a.status === 'ok'));
    const page = (await get(lead, '/api/agents/desk%40build-box/closed')).json;
    expect(page).toMatchObject({ conversations: [{ id: closedId, title: 'Old talk', closedAt: expect.any(String) }], next: null });
    const history = (await get(lead, `/api/agents/desk%40build-box/conversations/${closedId}`)).json;
    expect(history).toMatchObject({ conversation: { id: closedId }, entries: [{ type: 'item', item: { id: 'i1', text: 'first' } }], next: null });
    const unknown = await get(lead, '/api/agents/desk%40build-box/conversations/c-nope');
    expect([unknown.status, (unknown.json as { code: string }).code]).toEqual([404, 'no-such-conversation']);
  });

  it('a member stopped shows its agents unreachable with its label within two reads, the rest live; started again, live without a reload', async () => {
    const { lead, member } = await crewOfTwo();
    await dashboardUntil(lead, (d) => d.agents.some((a) => a.name === 'desk@build-box' && a.status === 'ok'));
    const port = Number(new URL(member.bridge.url).port);
    await crewTest.stop(member);
    const down = await dashboardUntil(lead, (d) => d.machines?.[0]?.state === 'not-answering');
    expect(down.agents.find((a) => a.name === 'desk@build-box')).toMatchObject({
      status: 'unreachable',
      reasonCode: 'machine-not-answering',
      reason: 'build-box is not answering',
    });
    expect(down.agents.find((a) => a.name === 'desk')).toMatchObject({ status: 'ok' });
    expect(lead.logs.some((l) => /^\[bridge\] crew: build-box's dashboard: not answering/.test(l))).toBe(true);
    expect(lead.bridge.crew.listing()).toMatchObject({ members: [{ label: 'build-box', state: 'not-answering' }] });

    await bridgeWith('member', 'member-agent', port);
    const back = await dashboardUntil(lead, (d) => d.machines?.[0]?.state === 'live' && d.agents.some((a) => a.name === 'desk@build-box' && a.status === 'ok'));
    expect(back.agents.map((a) => a.name)).toEqual(['desk', 'desk@build-box']);
    expect(lead.bridge.crew.listing()).toMatchObject({ members: [{ label: 'build-box', state: 'live', lastSeen: expect.any(String) }] });
  });

  it('crew remove takes its agents off the phone at once: a held dashboard read wakes', async () => {
    const { lead } = await crewOfTwo();
    const shown = await get(lead, '/api/dashboard');
    await dashboardUntil(lead, (d) => d.agents.some((a) => a.name === 'desk@build-box'));
    const { etag } = await get(lead, '/api/dashboard');
    const held = get(lead, '/api/dashboard?wait=1', { 'if-none-match': etag });
    await lead.bridge.crew.remove('build-box');
    const woke = await held;
    expect(woke.status).toBe(200);
    expect((woke.json as DashboardJson).agents.map((a) => a.name)).toEqual(['desk']);
    expect(woke.json).not.toHaveProperty('machines');
    expect(shown.status).toBe(200);
    expect((await get(lead, '/api/agents/desk%40build-box')).status).toBe(404);
  });

  it("a member's reply is cleaned and bounded like an agent's: hostile rows dropped or cut, at most 64 agents", async () => {
    // A stand-in member: any HTTPS server the lead holds a key for, answering what it likes.
    const hostile = createServer({ cert: crewTest.tls.cert, key: crewTest.tls.key }, (req, res) => {
      const agents = Array.from({ length: 200 }, (_, i) => ({
        name: `a${i}`,
        where: 'here',
        status: 'ok',
        open: 1,
        needsYou: 0,
        caps: null,
        hostName: `evil\u202e\u0000${'x'.repeat(500)}`,
      }));
      const body = {
        durable: true,
        agents: [{ name: '../etc', status: 'ok', open: 1, needsYou: 0 }, { name: 'bad', status: 'owned', open: 1, needsYou: 0 }, ...agents],
        inbox: [{ agent: 'a1', paneId: 'p', askId: 'x', kind: 'choice', title: 'T\u0007\u200bitle', conversation: 'C' }, { nope: true }],
      };
      res.writeHead(200, { 'content-type': 'application/json', etag: '"h1"' }).end(req.url?.startsWith('/api/dashboard') ? JSON.stringify(body) : '{}');
    });
    crewTest.later(() => hostile.close());
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    const origin = `https://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    const stateDir = join(crewTest.dir.path, 'lead', 'state');
    const member = { label: 'evil', origin, key: 'k'.repeat(43), memberKeyHash: '0'.repeat(64), joined: new Date().toISOString() };
    const { mkdir } = await import('node:fs/promises');
    await mkdir(stateDir, { recursive: true, mode: 0o700 });
    await writeFile(crewPath(stateDir), JSON.stringify({ lead: null, members: [member] }), { mode: 0o600 });
    const lead = await bridgeWith('lead', null);
    cookie = await pairedCookie(lead.bridge.devices);
    const dashboard = await dashboardUntil(lead, (d) => d.agents.length > 0);
    expect(dashboard.agents).toHaveLength(64);
    expect(dashboard.agents.map((a) => a.name)).not.toContain('../etc@evil');
    expect(dashboard.agents.map((a) => a.name)).not.toContain('bad@evil');
    const host = dashboard.agents[0]!.hostName!;
    expect(host).not.toMatch(/[\u202e\u0000]/);
    expect(Buffer.byteLength(host)).toBeLessThanOrEqual(64);
    expect(dashboard.inbox).toEqual([{ agent: 'a1@evil', paneId: 'p', askId: 'x', kind: 'choice', title: 'Title', conversation: 'C' }]);
  });
});
