import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBridge, type RunningBridge } from '../../bridge/bridge';
import { redeemLink } from '../../bridge/testing/paired';
import { answerThroughPhone } from '../../bridge/testing/phone-answer';
import { tempDir, wireCall, type TempDir } from '../testing';
import { OFF_LINE } from './caller-check';
import { ptraceWarning } from './ptrace-warning';

/**
 * The caller check under real Bun on Linux (the `bun` devDependency): an agent's own processes —
 * a child, and a grandchild whose parent exited — cannot answer its card, though they can read;
 * a process the agent did not start can. The same agent under Node says it cannot check, and
 * takes every answer (WIRE.md says so).
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BUN = join(ROOT, 'node_modules', '.bin', 'bun');
const AGENT = fileURLToPath(new URL('../testing/self-answer-agent.ts', import.meta.url));
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

let dir: TempDir;
let bridge: RunningBridge | undefined;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
  await dir.cleanup();
});

interface Run {
  output: () => string;
  /** The card the agent raised, once its own processes have tried it. */
  waiting: Promise<{ askId: string; revision: number }>;
  exited: Promise<number | null>;
}

function runAgent(command: string, socket: string, env: NodeJS.ProcessEnv = {}): Run {
  const child = spawn(command, [AGENT, socket], { env: { ...process.env, COLLIE_TEST_NODE: process.execPath, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  let found: (card: { askId: string; revision: number }) => void;
  const waiting = new Promise<{ askId: string; revision: number }>((resolve) => (found = resolve));
  const read = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    const match = /^waiting (\S+) (\d+)$/m.exec(text);
    if (match) found({ askId: match[1]!, revision: Number(match[2]) });
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { output: () => text, waiting, exited };
}

const tries = (run: Run) =>
  run
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{"try"'))
    .map((l) => JSON.parse(l) as { try: string; status: number; code: string | null });

describe('the caller check', () => {
  it('under Bun on Linux: the agent’s child and orphaned grandchild are refused, reads stay open, and the bridge’s answer is taken once', async () => {
    const socket = join(dir.path, 'run', 'app.sock');
    const run = runAgent(BUN, socket);
    const ask = await run.waiting;
    expect(tries(run)).toEqual([
      { try: 'child answers', status: 403, code: 'caller-refused' },
      { try: 'child reads', status: 200, code: null },
      { try: 'orphaned grandchild answers', status: 403, code: 'caller-refused' },
    ]);
    const hello = await wireCall(socket, 'GET', '/hello');
    expect(hello.json.host).toEqual({ name: 'selfie', runtime: 'bun 1.4.4', callerCheck: 'on' });
    expect(run.output()).not.toContain('Node cannot tell');
    // This machine's own Yama scope decides whether the agent warns that descriptors can be taken.
    const warning = ptraceWarning();
    if (warning) expect(run.output()).toContain(warning);
    else expect(run.output()).not.toContain('ptrace');
    // The bridge (in this test's process, which the agent did not start) answers for the phone: taken, once.
    bridge = await startBridge({
      sources: [{ name: 'selfie', address: { kind: 'socket', path: socket } }],
      durable: true,
      stateDir: join(dir.path, 'state'),
      host: '127.0.0.1',
      port: 0,
      log: () => {},
    });
    const tap = await answerThroughPhone(bridge, 'selfie', 'p', ['allow'], 'phone-1');
    expect([tap.id, tap.json]).toEqual([ask.askId, { outcome: 'taken' }]);
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('{"answer":{"optionIds":["allow"]}}');
  }, 30_000);

  it('a bridge the agent itself started is refused too: the phone hears caller-refused, the audit log names it, the card stays open', async () => {
    const socket = join(dir.path, 'run', 'app.sock');
    const state = join(dir.path, 'bridge-state');
    const run = runAgent(BUN, socket, { COLLIE_TEST_BRIDGE_STATE: state });
    const ask = await run.waiting;
    const link = await vi.waitFor(
      () => {
        const match = /Open (http:\/\/\S+#pair=\S+) on your phone/.exec(run.output());
        expect(match).not.toBeNull();
        return match![1]!;
      },
      { timeout: 20_000 },
    );
    const cookie = await redeemLink(link);
    const origin = new URL(link).origin;
    const chat = await vi.waitFor(async () => {
      const reply = (await (await fetch(`${origin}/api/agents/default/panes/p`, { headers: { cookie } })).json()) as { asks?: { id: string; hash: string }[] };
      expect(reply.asks?.length).toBe(1);
      return reply as { asks: { id: string; hash: string }[] };
    });
    const tap = await fetch(`${origin}/api/agents/default/panes/p/asks/${ask.askId}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ agent: 'default', paneId: 'p', requestId: 'phone-1', hash: chat.asks[0]!.hash, answer: { optionIds: ['allow'] } }),
    });
    expect([tap.status, ((await tap.json()) as { code: string }).code]).toEqual([409, 'caller-refused']);
    expect(await readFile(join(state, 'audit.log'), 'utf8')).toContain('caller-refused');
    // Still open at the agent: a process it did not start (this test) answers it, once.
    const body = { requestId: 'outside-1', askId: ask.askId, revision: ask.revision, answer: { optionIds: ['allow'] } };
    expect((await wireCall(socket, 'POST', '/pane/p/answer', body)).json).toEqual({ outcome: 'taken' });
    expect(await run.exited).toBe(0);
  }, 40_000);

  it('under Bun on Linux with callerCheck "off": one line says so, and the agent’s own child is taken', async () => {
    const socket = join(dir.path, 'run', 'app.sock');
    const run = runAgent(BUN, socket, { COLLIE_TEST_CALLER_CHECK: 'off' });
    await run.waiting;
    expect(run.output()).toContain(OFF_LINE);
    expect(tries(run)[0]).toEqual({ try: 'child answers', status: 200, code: null });
    expect(await run.exited).toBe(0);
  }, 30_000);

  it('under Node: one line says it cannot check, and the agent’s own child is taken', async () => {
    const socket = join(dir.path, 'run', 'app.sock');
    const run = runAgent(TSX, socket);
    await run.waiting;
    expect(run.output()).toContain('Node cannot tell who connects to this socket');
    expect(tries(run)[0]).toEqual({ try: 'child answers', status: 200, code: null });
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('{"answer":{"optionIds":["allow"]}}');
  }, 30_000);
});
