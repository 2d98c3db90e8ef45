import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import { hasRemovedCharacter } from '../../wire/clean';
import { BRIDGE_MEMORY, LIMITS } from '../../wire/limits';
import { AgentLink } from '../link/agent-link';
import { AgentStore } from '../poll/agent-store';
import { startBridge, type RunningBridge } from '../bridge';
import { pairedCookie } from '../testing/paired';
import { MISMATCH_LOG_MS, Poller } from '../poll/poller';
import { scriptedAgent, type ScriptedAgent } from '../testing/scripted-agent';

/**
 * Integration: agents that stay inside the wire's limits but send what no honest agent would —
 * hostile error codes, endless history, a new refused range each poll, dot ids, `__proto__` keys.
 */
let dir: TempDir;
let agent: ScriptedAgent;
let bridge: RunningBridge | undefined;
/** The test's paired phone, as its cookie carries it. */
let cookie = '';

beforeEach(async () => {
  dir = await tempDir();
  agent = await scriptedAgent(dir.path);
});
afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
  await agent.close();
  await dir.cleanup();
});

async function run(): Promise<RunningBridge> {
  bridge = await startBridge({ sources: [agent.source], durable: true, stateDir: join(dir.path, 'state'), host: '127.0.0.1', port: 0, log: () => {} });
  await bridge.agents.get('scripted')!.poller.poll();
  cookie = await pairedCookie(bridge.devices);
  return bridge;
}
const api = (path: string, init: RequestInit = {}) => fetch(`${bridge!.url}${path.slice(1)}`, { ...init, headers: { cookie, ...(init.headers as Record<string, string>) } });
const post = (path: string, body: unknown) => api(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const CHOICE = { id: 'a1', kind: 'choice', revision: 1, toolCallId: 'tc', title: 'Ship it?', options: [{ id: 'y', label: 'Yes' }], multiple: false };

describe('what an agent says reaches the phone cleaned and bounded', () => {
  it('an error code with direction marks, controls and lone surrogates is shown cleaned and cut, as a code', async () => {
    agent.panes.push({ id: 'p', asks: [CHOICE], state: 'waiting' });
    const hostile = `\u202Eevil\u0007\u0085\u200B${'x'.repeat(15 * 1024)}\ud800`; // the reply stays under its 16 KiB cap
    agent.routes.set('/pane/p/answer', () => ({ status: 400, body: { code: hostile } }));
    await run();
    const chat = await (await api('/api/agents/scripted/panes/p')).json();
    const reply = await post('/api/agents/scripted/panes/p/asks/a1', { agent: 'scripted', paneId: 'p', requestId: 'r-1', hash: chat.asks[0].hash, answer: { optionIds: ['y'] } });
    const { code, message } = (await reply.json()) as { code: string; message: string };
    expect([reply.status, code]).toEqual([409, 'agent-refused']);
    expect(hasRemovedCharacter(message)).toBe(false);
    const shown = /\(code: (.*)\)$/.exec(message)?.[1] ?? '';
    expect(shown.startsWith('evil')).toBe(true);
    expect(Buffer.byteLength(shown)).toBeLessThanOrEqual(LIMITS.errorCodeBytes);
  });

  it("passes on only the ids of a starter's reply that pass the id rule", async () => {
    agent.state.caps = { starters: true };
    agent.starters.push({ id: 's', label: 'Go' });
    agent.routes.set('/starter/s', () => ({ status: 200, body: { paneId: `\u202E${'p'.repeat(2000)}`, conversationId: 'c-1' } }));
    await run();
    const reply = await (await post('/api/agents/scripted/starters/s', { requestId: 'r-s' })).json();
    expect(reply).toEqual({ outcome: 'done', conversationId: 'c-1' });
  });

  it('remembers only so many history titles, however many pages the agent hands out', async () => {
    agent.state.caps = { asks: true, history: true };
    let page = 0;
    agent.routes.set('/conversations', () => {
      const conversations = Array.from({ length: 50 }, (_, n) => ({ id: `c-${page}-${n}`, title: `Talk ${page}-${n}`, state: 'closed' }));
      page += 1;
      return { status: 200, body: { conversations, next: null } };
    });
    const items = { status: 200, body: { items: [], next: null, trimmed: false } };
    // One page more than the memory holds: the first page's titles must have fallen out of it.
    const reads = Math.ceil(BRIDGE_MEMORY.historyTitles / 50) + 1;
    const newest = `c-${reads - 1}-49`;
    agent.routes.set('/conversation/c-0-0/items', () => items);
    agent.routes.set(`/conversation/${newest}/items`, () => items);
    await run();
    for (let read = 0; read < reads; read += 1) expect((await api('/api/agents/scripted/closed')).status).toBe(200);
    expect((await (await api(`/api/agents/scripted/conversations/${newest}`)).json()).conversation.title).toBe(`Talk ${reads - 1}-49`);
    expect((await (await api('/api/agents/scripted/conversations/c-0-0')).json()).conversation.title).toBe('c-0-0');
  });

  it('logs the version mismatch at most once a minute, though each hello names a new range and epoch', async () => {
    let clock = 0;
    let poll = 0;
    let telling = 0;
    agent.routes.set('/hello', (_url, req) => {
      if (req.headers['x-collie-session']) telling += 1;
      const v = 2 + poll;
      return {
        status: 200,
        body: { service: 'collie-durable', protocol: { min: v, max: v }, host: { name: 'future' }, epoch: `future-epoch-${String(poll).padStart(16, '0')}`, ready: true, caps: {} },
      };
    });
    const logs: string[] = [];
    const store = new AgentStore('scripted', 'here');
    const poller = new Poller(
      store,
      new AgentLink(agent.source),
      (line) => logs.push(line),
      () => clock,
    );
    for (; poll < 10; poll += 1) await poller.poll();
    expect(store.row().status).toBe('version-mismatch');
    expect(logs).toHaveLength(1);
    expect(telling).toBe(10); // the telling hello still goes once to each new epoch
    clock += MISMATCH_LOG_MS;
    await poller.poll();
    expect(logs).toHaveLength(2);
  });

  it('drops panes whose ids are the dot segments . and .., which no URL can name, and shows the rest', async () => {
    agent.panes.push({ id: '.', title: 'Dot' }, { id: '..', title: 'Dot dot' }, { id: 'ok', title: 'Fine' });
    const asked: string[] = [];
    agent.routes.set('/pane/:id/events', (url) => {
      asked.push(url.pathname);
      return { status: 200, body: { epoch: agent.state.epoch, cursor: 0, view: true, items: [], asks: [], turn: null, trimmed: false } };
    });
    await run();
    const listed = await (await api('/api/agents/scripted')).json();
    expect(listed.conversations.map((c: { paneId: string }) => c.paneId)).toEqual(['ok']);
    expect(asked).toEqual(['/session/v1/pane/ok/events']);
  });

  it('keeps every key of a tool input, __proto__ and constructor included, on the card', async () => {
    const input = '{"__proto__":{"polluted":true},"constructor":"c","command":"rm -rf /tmp/x"}';
    const ask = `{"id":"perm","kind":"permission","revision":1,"toolCallId":"tc","title":"Run?","tool":{"name":"shell","input":${input}},"options":[{"id":"ok","label":"Allow","effect":"allow"}]}`;
    agent.panes.push({ id: 'p', asks: [JSON.parse(ask)], state: 'waiting' });
    await run();
    const text = await (await api('/api/agents/scripted/panes/p')).text();
    const shown = (JSON.parse(text) as { asks: { tool: { input: Record<string, unknown> } }[] }).asks[0]!.tool.input;
    expect(Object.keys(shown)).toEqual(['__proto__', 'constructor', 'command']);
    expect(JSON.stringify(shown)).toBe(input);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('two copies of one agent program', () => {
  it('raise asks with one id, and each is answered on its own through the phone API', async () => {
    const agents = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const collie = await openCollie({ socket: join(dir.path, `run-${name}`, 'app.sock'), hostName: 'same', caps: { asks: true }, log: () => {} });
        const pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Deploy' });
        const answered = pane.ask({
          kind: 'choice',
          toolCallId: 'ship',
          title: 'Ship it?',
          multiple: false,
          options: [
            { id: 'y', label: 'Yes' },
            { id: 'n', label: 'No' },
          ],
        });
        collie.ready();
        return { name, collie, answered, socket: collie.address };
      }),
    );
    try {
      bridge = await startBridge({
        sources: agents.map((a) => ({ name: a.name, address: { kind: 'socket' as const, path: a.socket } })),
        durable: true,
        stateDir: join(dir.path, 'state'),
        host: '127.0.0.1',
        port: 0,
        log: () => {},
      });
      for (const a of agents) await bridge.agents.get(a.name)!.poller.poll();
      cookie = await pairedCookie(bridge.devices);
      const chats = await Promise.all(agents.map(async (a) => (await api(`/api/agents/${a.name}/panes/p`)).json()));
      const [askA, askB] = chats.map((c: { asks: { id: string; hash: string }[] }) => c.asks[0]!);
      expect(askA!.id).toBe(askB!.id);
      const answer = (agentName: string, ask: { id: string; hash: string }, option: string, requestId: string) =>
        post(`/api/agents/${agentName}/panes/p/asks/${ask.id}`, { agent: agentName, paneId: 'p', requestId, hash: ask.hash, answer: { optionIds: [option] } }).then((r) =>
          r.json(),
        );
      expect(await answer('a', askA!, 'y', 'r-a')).toEqual({ outcome: 'taken' });
      expect(await agents[0]!.answered).toEqual({ optionIds: ['y'] });
      await bridge.agents.get('b')!.poller.poll();
      expect((await (await api('/api/agents/b/panes/p')).json()).asks.map((a: { id: string }) => a.id)).toEqual([askB!.id]);
      expect(await answer('b', askB!, 'n', 'r-b')).toEqual({ outcome: 'taken' });
      expect(await agents[1]!.answered).toEqual({ optionIds: ['n'] });
    } finally {
      for (const a of agents) await a.collie.close();
    }
  });
});
