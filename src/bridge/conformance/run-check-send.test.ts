import { chmod, mkdir } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie, type ItemSpec, type PaneHandle } from '../../agent/kit';
import { tempDir, wireCall, type TempDir } from '../../agent/testing';
import { runCli } from '../testing/cli-harness';
import type { CheckTarget } from './check-call';
import { ALL_RULES, runCheck, type CheckResult } from './run-check';
import { breaking, editJson } from './testing/proxy';

/**
 * The rules the check gained for item shapes, send behaviour, decided asks and replays: each
 * passes against the kit and fails (or warns) against an agent broken on purpose.
 */
const ALL = { asks: true, send: true, steer: true, abort: true, actions: true, rename: true, close: true, starters: true, reopen: true, history: true };
const R = {
  items: 'items: ids, kinds, times, links and tool states as the bridge reads them',
  moved: 'send: 409 turn-moved carrying the current turn for a turn that is not it',
  askOpen: 'send: 409 ask-open naming the oldest open ask for a plain send, before turn-moved',
  queued: 'send: a plain send behind a running turn is queued, and its repeat queues nothing more',
  rename: 'request id: a repeat of a write that succeeded (rename to the same title) gets replayed: true',
  decided: 'answer: 409 decided with decidedBy and the first outcome for a decided ask',
} as const;

let dir: TempDir;
let socket: string;
let collie: Collie;
let servers: Server[];
let idle: PaneHandle;

beforeEach(async () => {
  dir = await tempDir();
  socket = join(dir.path, 'run', 'agent.sock');
  servers = [];
});
afterEach(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
  await collie.close();
  await dir.cleanup();
});

/** Panes for every rule: one idle, one asking, one whose own turn runs, and an ask the phone answered. */
async function kitAgent(items: ItemSpec[] = []): Promise<void> {
  collie = await openCollie({ socket, hostName: 'edge', caps: ALL, log: () => {} });
  const tab = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' });
  idle = tab.pane('idle', { title: 'Idle' });
  idle.item({ id: 'hello', kind: 'reply', text: 'hi' });
  for (const item of items) idle.item(item);
  const asking = tab.pane('asking', { title: 'Asking' });
  asking.ask({ kind: 'choice', toolCallId: 'open', title: 'Still open?', options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
  tab.pane('busy', { title: 'Busy' }).startTurn();
  const answered = idle.ask({ kind: 'choice', toolCallId: 'done', title: 'Done?', options: [{ id: 'y', label: 'Yes' }] });
  collie.ready();
  const ask = (await wireCall(socket, 'GET', '/snapshot')).json.workspaces[0].tabs[0].panes[0].asks[0];
  await wireCall(socket, 'POST', '/pane/idle/answer', { requestId: 'setup', askId: ask.id, revision: 1, answer: { optionIds: ['y'] } });
  await answered;
}

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

const check = (target: CheckTarget) => runCheck({ target, writes: true, waitReadyMs: 2000 });
/** Reads only: the idle pane stays the one the test writes items to (the turn rule closes and reopens it). */
const read = (target: CheckTarget) => runCheck({ target, writes: false, waitReadyMs: 2000 });
const statusOf = (result: CheckResult, name: string) => result.outcomes.find((o) => o.name === name)?.outcome;
const failing = (result: CheckResult) => result.outcomes.filter((o) => o.outcome.status === 'fail').map((o) => o.name);

describe('the new rules against the kit', () => {
  it('finds each kept, and the queued text counted once', async () => {
    await kitAgent();
    const result = await check({ kind: 'socket', path: socket });
    expect(failing(result)).toEqual([]);
    for (const name of Object.values(R)) expect(statusOf(result, name), name).toEqual({ status: 'ok' });
    const busy = (await wireCall(socket, 'GET', '/snapshot')).json.workspaces[0].tabs[0].panes.find((p: { id: string }) => p.id === 'busy');
    expect(busy.turn).toMatchObject({ state: 'running', queued: 1 });
  });
});

describe('item shapes', () => {
  it('fails a time without a zone, a link or a tool state the bridge drops; warns of text it changes', async () => {
    await kitAgent([{ id: 'bell', kind: 'reply', text: 'ding\u0007' }]);
    const warned = await read({ kind: 'socket', path: socket });
    expect(statusOf(warned, R.items)).toEqual({
      status: 'warn',
      why: 'pane idle, item "bell": text is changed by the bridge (controls or invisible characters removed, or cut to its limit)',
    });
    expect(warned.failed).toBe(false);
    idle.item({ id: 'late', kind: 'reply', text: 'when?', at: '2026-11-30T10:00:02' });
    const zoneless = await read({ kind: 'socket', path: socket });
    expect(statusOf(zoneless, R.items)).toEqual({
      status: 'fail',
      why: 'pane idle, item "late": at "2026-11-30T10:00:02" is not an ISO 8601 time with a zone (the bridge shows no time)',
    });
    idle.item({ id: 'plain', kind: 'link', url: 'http://example.com/docs' });
    idle.item({ id: 'tool', kind: 'tool', toolCallId: 'tc', name: 'bash', status: 'paused' as 'done' });
    const failed = await read({ kind: 'socket', path: socket });
    const outcome = statusOf(failed, R.items);
    expect(outcome?.status).toBe('fail');
    expect(outcome && 'why' in outcome ? outcome.why : '').toMatch(
      /item "plain" is dropped by the bridge: its url is not an https:\/\/ address.*item "tool" is dropped by the bridge: a required field/,
    );
  });
});

describe('broken agents', () => {
  it('fails an agent that takes a send for a turn that moved', async () => {
    await kitAgent();
    const target = await onSocket(
      breaking(socket, {
        reply: (_path, reply) => {
          if (reply.status === 409 && reply.body.includes('"turn-moved"')) Object.assign(reply, { status: 200, body: Buffer.from('{"status":"accepted","turnId":"t"}') });
        },
      }),
    );
    const result = await check(target);
    expect(failing(result)).toEqual([R.moved]);
  });

  it('fails an agent whose ask-open names another ask', async () => {
    await kitAgent();
    const target = await onSocket(breaking(socket, { reply: (_path, reply) => reply.body.includes('"ask-open"') && editJson(reply, (body) => (body.askId = 'someone-else')) }));
    expect(failing(await check(target))).toEqual([R.askOpen]);
  });

  it('fails an agent that forgets request ids, so a repeated send is queued twice', async () => {
    await kitAgent();
    let n = 0;
    const target = await onSocket(
      breaking(socket, {
        request: (path, _headers, body) => {
          if (!path.endsWith('/send')) return;
          const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
          return Buffer.from(JSON.stringify({ ...parsed, requestId: `forgotten-${(n += 1)}` }));
        },
      }),
    );
    const result = await check(target);
    expect(failing(result)).toEqual([R.queued]);
    expect(statusOf(result, R.queued)).toMatchObject({ why: expect.stringMatching(/^the repeat got \{"status":"queued"/) });
  });

  it('fails an agent whose replay of a rename does not say replayed', async () => {
    await kitAgent();
    const target = await onSocket(breaking(socket, { reply: (path, reply) => path.endsWith('/rename') && reply.status === 200 && (reply.body = Buffer.from('{}')) }));
    expect(failing(await check(target))).toEqual([R.rename]);
  });

  it('fails an agent that forgets what it decided', async () => {
    await kitAgent();
    const target = await onSocket(
      breaking(socket, { reply: (_path, reply) => reply.body.includes('"decided"') && Object.assign(reply, { status: 200, body: Buffer.from('{"outcome":"too-late"}') }) }),
    );
    const result = await check(target);
    expect(failing(result)).toEqual([R.decided]);
    expect(statusOf(result, R.decided)).toMatchObject({ why: expect.stringMatching(/^expected 409 decided, got 200/) });
  });
});

describe('a socket where nothing answers', () => {
  it('says so in one line, and in --json', async () => {
    collie = await openCollie({ socket, hostName: 'edge', caps: ALL, log: () => {} });
    const dead = join(dir.path, 'run', 'nobody.sock');
    const lines = await runCli(['durable', 'check', dead, '--writes']);
    expect([lines.code, lines.stdout]).toEqual([1, `FAIL nothing answers at ${dead}: no socket at ${dead}\n`]);
    const json = await runCli(['durable', 'check', dead, '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({
      target: dead,
      writes: false,
      failed: true,
      unreachable: `no socket at ${dead}`,
      counts: { ok: 0, warn: 0, fail: 0, skip: 0 },
      rules: [],
    });
  });

  it('prints every rule in --json for a live agent', async () => {
    await kitAgent();
    const { code, stdout } = await runCli(['durable', 'check', socket, '--writes', '--json']);
    const report = JSON.parse(stdout) as { failed: boolean; counts: { ok: number; warn: number; fail: number; skip: number }; rules: { name: string; status: string }[] };
    expect(code).toBe(0);
    expect(report.failed).toBe(false);
    expect(report.rules.map((r) => r.name)).toEqual(ALL_RULES.map((r) => r.name));
    expect(report.counts.fail).toBe(0);
    expect(report.counts.ok + report.counts.warn + report.counts.skip).toBe(ALL_RULES.length);
  });
});
