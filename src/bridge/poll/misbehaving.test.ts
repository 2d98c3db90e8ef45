import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { chmod, mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { AgentLink } from '../link/agent-link';
import { AgentStore } from './agent-store';
import type { AgentSource } from '../config/config';
import { Poller } from './poller';
import { makeTestCa, type TestTls } from '../testing/tls';

/**
 * Integration: the poller against agents that misbehave, each a real server on a real private
 * socket or loopback HTTPS. None may crash the bridge; each shows the state the rules give.
 */
const EPOCH = 'misbehaving-epoch-0000000001';
const TOKEN = 'm'.repeat(48);

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | void;

/** A hand-written agent: sane by default; a test swaps in a handler that breaks one rule. */
function scriptedAgent() {
  const state = { epoch: EPOCH, rev: 1, override: null as Handler | null, requests: [] as string[], pane: {} as Record<string, unknown>, events: [] as unknown[] };
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://agent');
    state.requests.push(url.pathname);
    if (state.override?.(req, res, url)) return;
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    };
    if (url.pathname === '/session/v1/hello') {
      return json(200, { service: 'collie-durable', protocol: { min: 1, max: 1 }, host: { name: 'scripted' }, epoch: state.epoch, ready: true, caps: { asks: true } });
    }
    if (url.pathname === '/session/v1/snapshot') {
      const etag = `"${state.epoch}-${state.rev}"`;
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end();
      const pane = { id: 'p', title: 'Pane', state: 'idle', turn: null, asks: [], belt: [], cursor: state.events.length, ...state.pane };
      return json(200, { epoch: state.epoch, rev: state.rev, workspaces: [{ id: 'w', title: 'W', tabs: [{ id: 't', title: 'T', panes: [pane] }] }], starters: [] }, { etag });
    }
    if (url.pathname === '/session/v1/pane/p/events') {
      return json(200, { epoch: state.epoch, cursor: state.events.length, view: true, items: state.events, asks: [], turn: null, trimmed: false });
    }
    json(404, { code: 'not-found' });
  };
  return { state, handler };
}

let dir: TempDir;
let servers: Server[];
let logs: string[];
let tls: TestTls;

beforeAll(async () => {
  const caDir = await tempDir();
  tls = await makeTestCa(caDir.path);
  await caDir.cleanup();
});
beforeEach(async () => {
  dir = await tempDir();
  servers = [];
  logs = [];
});
afterEach(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
  await dir.cleanup();
});

async function onSocket(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<AgentSource> {
  const folder = join(dir.path, 'run');
  await mkdir(folder, { mode: 0o700, recursive: true });
  const socket = join(folder, 'agent.sock');
  const server = createHttpServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(socket, r));
  await chmod(socket, 0o600);
  return { name: 'scripted', address: { kind: 'socket', path: socket } };
}

async function onHttps(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ source: AgentSource; port: number }> {
  const server = createHttpsServer({ key: tls.key, cert: tls.cert }, handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { source: { name: 'scripted', address: { kind: 'url', url: `https://127.0.0.1:${port}`, token: TOKEN } }, port };
}

function bridgeFor(source: AgentSource) {
  const store = new AgentStore(source.name, source.address?.kind === 'url' ? 'elsewhere' : 'here');
  const poller = new Poller(store, new AgentLink(source, { ca: tls.ca }), (line) => logs.push(line));
  return { store, poller };
}

describe('agents that misbehave, over a socket', () => {
  it('a hello slower than its deadline shows unreachable, and the bridge carries on', async () => {
    const agent = scriptedAgent();
    agent.state.override = (_req, res, url) => {
      // Never answered (the test's cleanup closes it): the deadline is all that ends the wait, however busy the machine.
      return url.pathname === '/session/v1/hello';
    };
    const { store, poller } = bridgeFor(await onSocket(agent.handler));
    await poller.poll();
    expect(store.row()).toMatchObject({ status: 'unreachable', reason: 'no reply within 1000 ms', reasonCode: 'timeout' });
  });

  it('a slow snapshot after a good one keeps the last state once, then shows unreachable', async () => {
    const agent = scriptedAgent();
    const { store, poller } = bridgeFor(await onSocket(agent.handler));
    await poller.poll();
    expect(store.row()).toMatchObject({ status: 'ok', open: 1 });
    agent.state.override = (_req, _res, url) => url.pathname === '/session/v1/snapshot'; // held, never answered
    await poller.poll();
    expect(store.row()).toMatchObject({ status: 'ok', open: 1 });
    await poller.poll();
    expect(store.row()).toMatchObject({ status: 'unreachable', open: 1 });
  });

  it('a reply over its limit is not read, with or without a declared length', async () => {
    for (const declared of [true, false]) {
      const agent = scriptedAgent();
      const big = JSON.stringify({ service: 'collie-durable', padding: 'x'.repeat(20 * 1024) });
      agent.state.override = (_req, res, url) => {
        if (url.pathname !== '/session/v1/hello') return false;
        res.writeHead(200, declared ? { 'content-length': String(big.length) } : {});
        res.end(big);
        return true;
      };
      const { store, poller } = bridgeFor(await onSocket(agent.handler));
      await poller.poll();
      expect(store.row()).toMatchObject({ status: 'unreachable', reason: 'the reply is over 16384 bytes', reasonCode: 'too-large' });
      servers.pop()?.close();
    }
  });

  it('malformed JSON is a failed read', async () => {
    const agent = scriptedAgent();
    agent.state.override = (_req, res, url) => url.pathname === '/session/v1/snapshot' && !!res.writeHead(200).end('{"epoch": "x", rev');
    const { store, poller } = bridgeFor(await onSocket(agent.handler));
    await poller.poll();
    expect(store.row()).toMatchObject({ status: 'unreachable', reason: 'the reply is not JSON' });
  });

  it('a stale socket file with no listener reads connection refused', async () => {
    const agent = scriptedAgent();
    const source = await onSocket(agent.handler);
    const server = servers.pop()!;
    // Close without removing the file, as a crashed agent leaves it.
    const { unlink, link } = await import('node:fs/promises');
    const path = (source.address as { path: string }).path;
    await link(path, `${path}.keep`);
    await new Promise<void>((r) => server.close(() => r()));
    await link(`${path}.keep`, path);
    await unlink(`${path}.keep`);
    const { store, poller } = bridgeFor(source);
    await poller.poll();
    expect(store.row()).toMatchObject({ status: 'unreachable', reason: 'connection refused' });
  });

  it('hostile strings are cleaned, empty buttons and bad ids dropped, bad links dropped with one log line', async () => {
    const hostile = 'A\u0000\u0007\u001b[31m\u007f\u0085\u009f\u200e\u200f\u061c\u202a\u202e\u2066\u2069\u200b\u200d\u2060\ufeff\u{e0041}Z';
    const agent = scriptedAgent();
    agent.state.pane = {
      title: `<script>alert(1)</script>${hostile}`,
      asks: [
        {
          id: 'ask1',
          revision: 1,
          kind: 'choice',
          toolCallId: 'tc1',
          title: `Deploy${hostile}?`,
          options: [
            { id: 'yes', label: 'Yes' },
            { id: 'blank', label: '\u200b\u202e' },
            { id: 'bad id', label: 'Bad' },
          ],
        },
        { id: 'ask/2', revision: 1, kind: 'choice', toolCallId: 'tc2', title: 'dropped', options: [] },
      ],
      belt: [
        { id: 'b1', label: '\u2060' },
        { id: 'b2', label: 'Retry everything now please' },
      ],
    };
    agent.state.events = [
      { id: 'i1', kind: 'reply', at: '2026-11-30T10:00:00Z', text: `<img src=x onerror=alert(1)>\n${hostile}` },
      { id: 'l1', kind: 'link', at: '2026-11-30T10:00:00Z', url: 'javascript:alert(1)' },
      { id: 'l2', kind: 'link', at: '2026-11-30T10:00:00Z', url: 'https://user:pw@example.com' },
      { id: 'bad#id', kind: 'reply', at: '2026-11-30T10:00:00Z', text: 'dropped' },
    ];
    const { store, poller } = bridgeFor(await onSocket(agent.handler));
    await poller.poll();
    const chat = store.chatJson('p')!;
    expect(chat.pane.title).toBe('<script>alert(1)</script>A[31mZ');
    expect(chat.asks).toHaveLength(1);
    expect(chat.asks[0]).toMatchObject({ title: 'DeployA[31mZ?', shortened: true, options: [{ id: 'yes', label: 'Yes' }] });
    expect(chat.pane.belt).toEqual([{ id: 'b2', label: 'Retry everythin…' }]);
    expect(chat.entries).toEqual([{ type: 'item', item: expect.objectContaining({ id: 'i1', text: '<img src=x onerror=alert(1)>\nA[31mZ' }) }]);
    expect(logs.filter((l) => l.includes('dropped a link'))).toHaveLength(1);
  });

  it('a crash, then recovery: unreachable while down, back with what the new start shows', async () => {
    const agent = scriptedAgent();
    const source = await onSocket(agent.handler);
    const { store, poller } = bridgeFor(source);
    await poller.poll();
    const server = servers.pop()!;
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    await poller.poll();
    await poller.poll();
    expect(store.row()).toMatchObject({ status: 'unreachable', reason: `no socket at ${(source.address as { path: string }).path}` });
    const again = scriptedAgent();
    again.state.epoch = 'misbehaving-epoch-0000000002';
    again.state.events = [{ id: 'after', kind: 'reply', at: '2026-11-30T10:00:00Z', text: 'back' }];
    await onSocket(again.handler);
    await poller.poll();
    await poller.poll();
    expect(store.row()).toMatchObject({ status: 'ok' });
    expect(store.hello?.epoch).toBe('misbehaving-epoch-0000000002');
    expect(store.chatJson('p')!.entries).toEqual([{ type: 'item', item: expect.objectContaining({ id: 'after' }) }]);
  });
});

describe('agents that misbehave, over loopback HTTPS', () => {
  it('reads an agent whose certificate the bridge trusts, sending the token on every call', async () => {
    const agent = scriptedAgent();
    const auth: (string | undefined)[] = [];
    const { source } = await onHttps((req, res) => {
      auth.push(req.headers.authorization);
      agent.handler(req, res);
    });
    const { store, poller } = bridgeFor(source);
    await poller.poll();
    expect(store.row()).toMatchObject({ status: 'ok', where: 'elsewhere' });
    expect(auth.length).toBeGreaterThanOrEqual(3);
    expect(auth.every((a) => a === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('refuses a certificate it does not trust', async () => {
    const agent = scriptedAgent();
    const { source } = await onHttps(agent.handler);
    const store = new AgentStore('scripted', 'elsewhere');
    const poller = new Poller(store, new AgentLink(source), (line) => logs.push(line));
    await poller.poll();
    expect(store.row()).toMatchObject({ status: 'unreachable', reason: expect.stringContaining('certificate was refused') });
    expect(agent.state.requests).toEqual([]);
  });

  it('never follows a redirect, so the token never reaches another host', async () => {
    const elsewhere: string[] = [];
    const { port: otherPort } = await onHttps((req, res) => {
      elsewhere.push(String(req.headers.authorization));
      res.end('{}');
    });
    const { source } = await onHttps((_req, res) => res.writeHead(302, { location: `https://127.0.0.1:${otherPort}/session/v1/hello` }).end());
    const { store, poller } = bridgeFor(source);
    await poller.poll();
    expect(store.row()).toMatchObject({ status: 'unreachable', reason: 'hello answered 302' });
    expect(elsewhere).toEqual([]);
  });

  it('shows a refused token as token-refused, and never shows the token', async () => {
    const { source } = await onHttps((_req, res) => res.writeHead(401, { 'content-type': 'application/json' }).end('{"code":"unauthorized"}'));
    const { store, poller } = bridgeFor(source);
    await poller.poll();
    expect(store.row()).toMatchObject({ status: 'token-refused' });
    expect(JSON.stringify(store.row()) + logs.join('\n')).not.toContain(TOKEN);
  });

  it('an incompatible agent over TLS shows the version mismatch', async () => {
    const { source } = await onHttps((req, res) => {
      res.writeHead(req.headers['x-collie-session'] ? 409 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ service: 'collie-durable', protocol: { min: 2, max: 2 }, host: { name: 'x' }, epoch: EPOCH, ready: true, caps: {} }));
    });
    const { store, poller } = bridgeFor(source);
    await poller.poll();
    expect(store.row()).toMatchObject({ status: 'version-mismatch', reason: "The durable agent speaks wire v2, this Collie speaks v1. Update Collie, or the agent's SDK." });
  });
});
