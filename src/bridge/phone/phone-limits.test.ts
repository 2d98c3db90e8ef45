import type { Server } from 'node:http';
import { request } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { AgentLink } from '../link/agent-link';
import { AgentStore } from '../poll/agent-store';
import type { AgentHandle } from '../agent-handle';
import { AuditLog } from '../acts/audit-log';
import { ConversationLocks } from '../acts/conversation-lock';
import { Ledger } from '../receipts/ledger';
import { PHONE_LIMITS } from './phone-deps';
import { createPhoneServer } from './phone-server';
import { Poller } from '../poll/poller';
import { DeviceStore } from '../pairing/device-store';
import { PairingRequests } from '../pairing/pairing-requests';
import { Invitations } from '../pairing/invitations';
import { pairedCookie } from '../testing/paired';
import { scriptedAgent, type ScriptedAgent } from '../testing/scripted-agent';

/**
 * Integration: what one phone, or anything else that reaches the port, may hold of the phone API:
 * a request that never ends is cut, open connections and held long-polls are capped, and many
 * phones waiting on one large chat cost one rendering per change.
 */
let dir: TempDir;
let agent: ScriptedAgent;
let server: Server;
let handle: AgentHandle;
let looks: number;
let port: number;
/** The test's paired phone, as its cookie carries it. */
let cookie: string;
let devices: DeviceStore | undefined;

async function serve(limits: Partial<typeof PHONE_LIMITS>) {
  const store = new AgentStore('scripted', 'here');
  const link = new AgentLink(agent.source);
  handle = { store, link, poller: new Poller(store, link, () => {}), ledger: await Ledger.open(dir.path, () => {}) };
  await handle.poller.poll();
  looks = 0;
  devices = await DeviceStore.open(join(dir.path, 'state'), () => {});
  cookie = await pairedCookie(devices);
  server = createPhoneServer({
    host: '127.0.0.1',
    agents: new Map([['scripted', handle]]),
    locks: new ConversationLocks(),
    audit: new AuditLog(dir.path, false, () => {}),
    durable: true,
    phoneLooking: () => {
      looks += 1;
      return () => {};
    },
    log: () => {},
    devices,
    invitations: new Invitations(),
    pairingRequests: new PairingRequests(),
    secure: false,
    limits,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; etag: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { cookie, ...headers }, agent: false }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, etag: String(res.headers.etag ?? '') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The agent's new item, as the poller would apply it. */
function addItem(id = 'new'): void {
  const log = handle.store.paneLog('p');
  log.apply({ epoch: agent.state.epoch, cursor: log.cursor + 1, view: false, events: [{ seq: log.cursor + 1, type: 'item', item: { id, at: '', kind: 'reply', text: id } }] });
  handle.store.changed();
}

/** A raw connection that has said `sent` and then goes quiet; resolves with what came back once it closed. */
function quietClient(sent: string): { socket: Socket; closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  let got = '';
  socket.on('data', (c: Buffer) => (got += c.toString()));
  socket.on('error', () => {});
  socket.write(sent);
  return { socket, closed: new Promise((resolve) => socket.on('close', () => resolve(got))) };
}

beforeEach(async () => {
  dir = await tempDir();
  agent = await scriptedAgent(dir.path);
  agent.panes.push({ id: 'p', cursor: 1 });
  const items = Array.from({ length: 2000 }, (_, n) => ({ id: `i${n}`, kind: 'reply', at: '2026-12-01T08:00:00Z', text: `line ${n} `.padEnd(500, 'w') }));
  agent.routes.set('/pane/:id/events', () => ({ status: 200, body: { epoch: agent.state.epoch, cursor: 1, view: true, items, asks: [], turn: null, trimmed: false } }));
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await agent.close();
  // A request notes its phone's last visit on disk after it is answered: that write ends before the folder goes.
  await devices?.settled();
  devices = undefined;
  await dir.cleanup();
});

describe('the phone API under load it did not ask for', () => {
  it('cuts a request whose body never ends at the deadline', async () => {
    await serve({ requestMs: 300 });
    const { closed } = quietClient(
      `POST /api/agents/desk/panes/p/send HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"agent":`,
    );
    expect(await closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts a request whose headers never end at the deadline', async () => {
    await serve({ requestMs: 300 });
    const { closed } = quietClient('GET /api/dashboard HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(await closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes connections past its cap and keeps serving the ones it has', async () => {
    await serve({ connections: 3 });
    const held = [quietClient(''), quietClient(''), quietClient('')];
    await new Promise<void>((resolve) => {
      const check = () => server.getConnections((_e, n) => (n >= 3 ? resolve() : setTimeout(check, 10)));
      check();
    });
    const extra = quietClient('GET /api/dashboard HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await extra.closed).toBe(''); // refused before a word was read
    for (const client of held) client.socket.destroy();
    await new Promise<void>((resolve) => {
      const check = () => server.getConnections((_e, n) => (n === 0 ? resolve() : setTimeout(check, 10)));
      check();
    });
    expect((await get('/api/dashboard', { host: '127.0.0.1' })).status).toBe(200);
  });

  it('holds at most its cap of long-polls per device; one more is 429, and an ended one frees its place', async () => {
    await serve({ heldPerDevice: 2 });
    let { etag } = await get('/api/agents/scripted/panes/p', { host: '127.0.0.1' });
    const wait = () => get('/api/agents/scripted/panes/p?wait=1', { host: '127.0.0.1', 'if-none-match': etag });
    for (const round of [1, 2]) {
      const before = looks;
      const waits = [wait(), wait()];
      await vi.waitFor(() => expect(looks).toBe(before + 2));
      const third = await wait();
      expect([third.status, JSON.parse(third.text).code]).toEqual([429, 'too-many-waits']);
      addItem(`new-${round}`);
      const replies = await Promise.all(waits);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      etag = replies[0]!.etag;
    }
  });

  it('renders a large chat once per change for 200 phones waiting on it', async () => {
    await serve({ heldPerDevice: 500, connections: 500 });
    const first = await get('/api/agents/scripted/panes/p', { host: '127.0.0.1' });
    expect(first.text.length).toBeGreaterThan(1_000_000);
    const renders = vi.spyOn(handle.store, 'chatJson');
    const waiting = Array.from({ length: 200 }, () => get('/api/agents/scripted/panes/p?wait=1', { host: '127.0.0.1', 'if-none-match': first.etag }));
    await vi.waitFor(() => expect(looks).toBe(201), { timeout: 10_000 });
    await new Promise((resolve) => setImmediate(resolve)); // every read that has looked is now waiting
    expect(renders).toHaveBeenCalledTimes(0); // the reads that began shared the rendering already made
    addItem();
    const replies = await Promise.all(waiting);
    expect(new Set(replies.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(replies.map((r) => r.etag)).size).toBe(1);
    expect(renders).toHaveBeenCalledTimes(1);
  });
});
