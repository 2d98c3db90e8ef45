import { chmod, mkdir } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie, type OpenCollieOptions } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import type { CheckTarget } from './check-call';
import { ALL_RULES, formatLine, runCheck, type CheckResult } from './run-check';
import { breaking, editJson } from './testing/proxy';
import { makeTestCa } from '../testing/tls';

/** Integration: the whole check against the real kit, and against agents broken on purpose. */
const TOKEN = 'check-token-5d1f0b8e3a7c4e92b6d0f1a3c5e7b9d2';

let dir: TempDir;
let socket: string;
let collie: Collie | undefined;
let servers: Server[];

beforeEach(async () => {
  dir = await tempDir();
  socket = join(dir.path, 'run', 'agent.sock');
  servers = [];
});
afterEach(async () => {
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((r) => {
          s.closeAllConnections();
          s.close(() => r());
        }),
    ),
  );
  await collie?.close();
  collie = undefined;
  await dir.cleanup();
});

/** The kit with one pane, one item and one open choice ask; `ready` unless told otherwise. */
async function kitAgent(transport: Partial<OpenCollieOptions> = { socket }, ready = true): Promise<Collie> {
  collie = await openCollie({ ...transport, hostName: 'edge', caps: { asks: true }, log: () => {} });
  const pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' });
  pane.item({ id: 'i1', kind: 'reply', text: 'hi' });
  pane.ask({ kind: 'choice', toolCallId: 'tc', title: 'Q?', multiple: false, options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
  if (ready) collie.ready();
  return collie;
}

const check = (target: CheckTarget, writes = false, waitReadyMs = 2000) => runCheck({ target, writes, waitReadyMs });
const byStatus = (result: CheckResult, status: 'ok' | 'fail' | 'skip') => result.outcomes.filter((o) => o.outcome.status === status).map((o) => o.name);
const why = (result: CheckResult, name: string) => {
  const found = result.outcomes.find((o) => o.name === name)?.outcome;
  return found && found.status !== 'ok' ? found.why : undefined;
};

const R = {
  starting: '503 starting while not ready',
  callerCheck: 'writes: the caller check is on (host.callerCheck)',
  ready: 'hello: ready becomes true',
  version: '400 version-required without X-Collie-Session',
  etag: 'snapshot: ETag is "<epoch>-<rev>" of the body',
  notModified: 'snapshot: 304 with no body for If-None-Match with the ETag',
  weak: 'snapshot: 304 for the weak W/ form of the ETag',
  asks: 'asks: id is the hash of pane and tool call, revision ≥ 1, kind limits',
  noToken: 'token: exactly 401 {"code":"unauthorized"} without a token',
  wrongToken: 'token: exactly 401 {"code":"unauthorized"} with a wrong token',
  stale: 'answer: 409 stale carrying the ask for another revision',
  snapshot: 'snapshot: 200 JSON within 4 MiB',
} as const;

/** What a kit agent with cap asks only cannot show: everything else must be ok. */
const KIT_SKIPS = [
  R.starting,
  'history: conversations page within 1 MiB, next cursor ≤ 512 printable bytes',
  'history: items page of the first conversation',
  'gate: POST /pane/:id/answer is 404 not-found without cap asks',
  'starters: 404 no-such-starter for an unknown starter',
  'send: 400 bad-request for empty text',
  'reopen: 404 no-such-conversation for an unknown conversation',
  // check-turn-ids.test.ts checks it against a kit that closes and reopens.
  'turns: a conversation closed and reopened, twice, never reuses a turn id',
  // Send, rename and decided asks: run-check-send.test.ts checks them against a kit that has them.
  'send: 409 turn-moved carrying the current turn for a turn that is not it',
  'send: 409 ask-open naming the oldest open ask for a plain send, before turn-moved',
  'send: a plain send behind a running turn is queued, and its repeat queues nothing more',
  'request id: a repeat of a write that succeeded (rename to the same title) gets replayed: true',
  'answer: 409 decided with decidedBy and the first outcome for a decided ask',
];

describe('the check against the kit', () => {
  it('finds every rule kept over a socket, writes included', async () => {
    await kitAgent();
    const result = await check({ kind: 'socket', path: socket }, true);
    expect(byStatus(result, 'fail')).toEqual([]);
    expect(byStatus(result, 'skip').sort()).toEqual([...KIT_SKIPS, R.noToken, R.wrongToken, R.callerCheck].sort());
    // The kit under Node says its check is off: reported, never a failure.
    expect(result.lines).toContain(`skip ${R.callerCheck}: off: any process of the user, the agent and its tools included, can answer its questions`);
    expect(result.lines).toHaveLength(ALL_RULES.length);
    expect(result.lines).toContain('ok   hello: service is exactly collie-durable');
    expect(result.lines).toContain(`ok   ${R.asks}`);
    expect(result.lines).toContain('ok   request id: a repeat gets the first reply again with replayed: true');
    expect(result.lines).toContain('skip token: exactly 401 {"code":"unauthorized"} without a token: the socket transport has no token');
    expect(result.failed).toBe(false);
  });

  it('sees 503 starting while the agent lays out its panes, then waits for ready', async () => {
    const agent = await kitAgent({ socket }, false);
    // Ready once the check has seen the agent starting: the wait for ready is what comes next.
    const onLine = (line: string) => void (line.includes(R.starting) && agent.ready());
    const result = await runCheck({ target: { kind: 'socket', path: socket }, writes: false, waitReadyMs: 2000, onLine });
    expect(result.lines).toContain(`ok   ${R.starting}`);
    expect(result.lines).toContain(`ok   ${R.ready}`);
    expect(byStatus(result, 'fail')).toEqual([]);
  });

  it('fails an agent that never becomes ready and skips what needs it', async () => {
    await kitAgent({ socket }, false);
    const result = await check({ kind: 'socket', path: socket }, true, 300);
    expect(byStatus(result, 'fail')).toEqual([R.ready]);
    expect(why(result, R.ready)).toBe('still not ready after 300 ms (use --wait-ready-ms)');
    expect(why(result, R.snapshot)).toBe('the agent is not ready');
    expect(result.failed).toBe(true);
  });

  it('sees 409 stale when the open ask was revised', async () => {
    const agent = await kitAgent();
    const pane = agent.state.panes.get('p')!;
    const open = [...pane.openAsks.values()][0]!;
    pane.reviseAsk({ ...open.ask, revision: 2 });
    const result = await check({ kind: 'socket', path: socket }, true);
    expect(result.lines).toContain(`ok   ${R.stale}`);
    expect(byStatus(result, 'fail')).toEqual([]);
  });

  it('finds every rule kept over loopback HTTP with a token, and never prints the token', async () => {
    const agent = await kitAgent({ port: 0, tokens: [TOKEN] });
    const result = await check({ kind: 'url', url: agent.address, token: TOKEN }, true);
    expect(byStatus(result, 'fail')).toEqual([]);
    expect(byStatus(result, 'skip').sort()).toEqual([...KIT_SKIPS, R.callerCheck, 'socket: private folder 0700 and socket 0600, no symlink on the way'].sort());
    expect(result.lines).toContain(`ok   ${R.noToken}`);
    expect(result.lines).toContain(`ok   ${R.wrongToken}`);
    expect(result.lines.join('\n')).not.toContain(TOKEN);
  });

  it('checks an HTTPS agent whose certificate it was given', async () => {
    const tls = await makeTestCa(dir.path);
    const agent = await kitAgent({ port: 0, tokens: [TOKEN], tls: { key: tls.key, cert: tls.cert } });
    expect(agent.address).toMatch(/^https:/);
    const trusted = await check({ kind: 'url', url: agent.address, token: TOKEN, tls: { ca: tls.ca.toString() } });
    expect(byStatus(trusted, 'fail')).toEqual([]);
    const untrusted = await check({ kind: 'url', url: agent.address, token: TOKEN });
    expect(why(untrusted, 'hello: 200 JSON within 16 KiB without the version header')).toBe("the agent's certificate was refused (UNABLE_TO_VERIFY_LEAF_SIGNATURE)");
  });
});

/** Serves `listener` on a private socket of its own, as a real agent would. */
async function onSocket(listener: RequestListener): Promise<CheckTarget> {
  const folder = join(dir.path, 'broken');
  await mkdir(folder, { mode: 0o700 });
  const path = join(folder, 'agent.sock');
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((r) => server.listen(path, r));
  await chmod(path, 0o600);
  return { kind: 'socket', path };
}

async function onLoopback(listener: RequestListener): Promise<CheckTarget> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { kind: 'url', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: TOKEN };
}

describe('the check against broken agents', () => {
  it('fails an agent that never answers 304', async () => {
    await kitAgent();
    const target = await onSocket(breaking(socket, { request: (_path, headers) => delete headers['if-none-match'] }));
    const result = await check(target);
    expect(byStatus(result, 'fail')).toEqual([R.notModified, R.weak]);
    expect(why(result, R.notModified)).toMatch(/^expected 304, got 200 \{"epoch":/);
    expect(result.lines.find((l) => l.startsWith(`FAIL ${R.weak}: `))).toBeDefined();
  });

  it('fails an agent whose ETag is not "<epoch>-<rev>"', async () => {
    await kitAgent();
    const target = await onSocket(
      breaking(socket, {
        reply: (path, reply) => {
          if (path.endsWith('/snapshot')) reply.headers.etag = '"v1"';
        },
      }),
    );
    const result = await check(target);
    expect(byStatus(result, 'fail')).toContain(R.etag);
    expect(why(result, R.etag)).toMatch(/^ETag is "v1", the body says "[A-Za-z0-9_-]+-\d+"$/);
  });

  it('fails an agent that serves without the version header', async () => {
    await kitAgent();
    const target = await onSocket(
      breaking(socket, {
        request: (_path, headers) => {
          headers['x-collie-session'] ??= '1';
        },
      }),
    );
    const result = await check(target);
    expect(byStatus(result, 'fail')).toEqual([R.version]);
    expect(why(result, R.version)).toMatch(/^expected 400 version-required, got 200 \{"epoch":/);
  });

  it('fails an agent whose ask ids are not the hash', async () => {
    await kitAgent();
    const target = await onSocket(
      breaking(socket, {
        reply: (path, reply) => {
          if (!path.endsWith('/snapshot') || reply.status !== 200) return;
          editJson(reply, (body) => {
            for (const ws of body.workspaces) for (const tab of ws.tabs) for (const pane of tab.panes) for (const ask of pane.asks) ask.id = 'f'.repeat(32);
          });
        },
      }),
    );
    const result = await check(target);
    expect(byStatus(result, 'fail')).toEqual([R.asks]);
    expect(why(result, R.asks)).toMatch(/^ask f{32} in pane p: id is not SHA-256\(paneId \+ U\+0000 \+ toolCallId\), expected [0-9a-f]{32}$/);
  });

  it('fails an agent on the token transport that takes calls without a token', async () => {
    await kitAgent();
    const target = await onLoopback(breaking(socket, { request: (_path, headers) => delete headers.authorization }));
    const result = await check(target);
    expect(byStatus(result, 'fail')).toEqual([R.noToken, R.wrongToken]);
    expect(why(result, R.noToken)).toMatch(/^hello: expected 401, got 200 \{"service":"collie-durable"/);
  });

  it('prints no control character an agent slips into an id or a body', async () => {
    const epoch = 'dU4UTIK0IoJIbCBHmHs8IO';
    const target = await onSocket((req, res) => {
      const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/session/v1/hello') return send(200, { service: 'collie-durable', protocol: { min: 1, max: 1 }, host: { name: 'evil' }, epoch, ready: true, caps: {} });
      if (req.url === '/session/v1/snapshot') {
        const pane = { id: '\u001b[2Jp', title: 'P', state: 'idle', turn: null, asks: [], belt: [], cursor: -1 };
        return send(200, { epoch, rev: 1, workspaces: [{ id: 'w', title: 'W', tabs: [{ id: 't', title: 'T', panes: [pane] }] }], starters: [] });
      }
      res.writeHead(500).end('\u001b]0;owned\u0007\u009b31m');
    });
    const result = await check(target);
    expect(why(result, 'snapshot: shape, ids and limits')).toBe('a pane has a bad id "\\u001b[2Jp"; pane [2Jp: cursor is not a non-negative integer');
    expect(result.failed).toBe(true);
    for (const line of result.lines) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });

  it('never prints the token, even when an agent echoes it back', async () => {
    const target = await onLoopback((req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'oops', echo: req.headers.authorization }));
    });
    const result = await check(target);
    expect(result.failed).toBe(true);
    const printed = result.lines.join('\n');
    expect(printed).toContain('[token]');
    expect(printed).not.toContain(TOKEN);
    expect(JSON.stringify(result.outcomes)).not.toContain(TOKEN);
  });
});

describe('formatLine', () => {
  it('writes ok, warn, FAIL and skip lines', () => {
    expect(formatLine('rule', { status: 'ok' })).toBe('ok   rule');
    expect(formatLine('rule', { status: 'warn', why: 'cut' })).toBe('warn rule: cut');
    expect(formatLine('rule', { status: 'fail', why: 'because' })).toBe('FAIL rule: because');
    expect(formatLine('rule', { status: 'skip', why: 'needs --writes' })).toBe('skip rule: needs --writes');
  });
});
