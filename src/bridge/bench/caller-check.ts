/**
 * What the caller check costs (WIRE.md §17), a Bun agent with the check on against the same agent
 * with it off, on this machine:
 *   - a new connection: connect, one hello, close (the check asks the kernel once per connection);
 *   - the bridge's idle poll: a snapshot read answered 304 over a kept-alive connection (no new
 *     connection, so the check should cost nothing).
 * Medians of RUNS runs of ROUNDS each; run with `npx tsx src/bridge/bench/caller-check.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, median, ratio, table, timedRounds } from '../../../e2e/bench/stats';
import { machineLine } from '../../../e2e/bench/machine';
import { agentPath, WIRE_PREFIX } from '../../wire/agent-paths';
import { VERSION_HEADER } from '../../wire/wire-protocol';

const RUNS = 3;
const ROUNDS = 300;
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BUN = join(ROOT, 'node_modules', '.bin', 'bun');
const AGENT = join(ROOT, 'src', 'agent', 'testing', 'bench-agent.ts');

function get(socket: string, path: string, agent: Agent | false, headers: Record<string, string> = {}): Promise<{ status: number; etag: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: socket, path: `${WIRE_PREFIX}${path}`, agent, headers: { [VERSION_HEADER]: '1', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag ?? '') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** One run against a fresh agent: the median new-connection hello and the median kept-alive 304, in ms. */
async function measure(check: 'on' | 'off'): Promise<{ connect: number; poll: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'collie-bench-'));
  const socket = join(dir, 'run', 'app.sock');
  const child = spawn(BUN, [AGENT, socket], { env: { ...process.env, COLLIE_BENCH_CHECK: check }, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => c.toString('utf8').includes('listening') && resolve());
      child.once('exit', (code) => reject(new Error(`the bench agent exited (${code})`)));
    });
    const connect = median(await timedRounds(ROUNDS, () => get(socket, agentPath('hello'), false)));
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    const { etag } = await get(socket, agentPath('snapshot'), keepAlive);
    const poll = median(
      await timedRounds(ROUNDS, async () => {
        if ((await get(socket, agentPath('snapshot'), keepAlive, { 'if-none-match': etag })).status !== 304) throw new Error('the idle poll was not a 304');
      }),
    );
    keepAlive.destroy();
    return { connect, poll };
  } finally {
    child.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(machineLine(`bun from ${BUN}`));
  const on = { connect: [] as number[], poll: [] as number[] };
  const off = { connect: [] as number[], poll: [] as number[] };
  for (let run = 0; run < RUNS; run += 1) {
    for (const [check, into] of [
      ['on', on],
      ['off', off],
    ] as const) {
      const { connect, poll } = await measure(check);
      into.connect.push(connect);
      into.poll.push(poll);
    }
  }
  console.log(`\nthe caller check under Bun (medians of ${RUNS} runs of ${ROUNDS})`);
  console.log(
    table([
      ['figure', 'check off', 'check on', 'on − off', 'ratio'],
      [
        'a new connection: connect, hello, close',
        `${fmt(median(off.connect), 3)} ms`,
        `${fmt(median(on.connect), 3)} ms`,
        `${fmt(median(on.connect) - median(off.connect), 3)} ms`,
        `x${fmt(ratio(median(on.connect), median(off.connect)), 2)}`,
      ],
      [
        'idle poll: snapshot 304, kept-alive connection',
        `${fmt(median(off.poll), 3)} ms`,
        `${fmt(median(on.poll), 3)} ms`,
        `${fmt(median(on.poll) - median(off.poll), 3)} ms`,
        `x${fmt(ratio(median(on.poll), median(off.poll)), 2)}`,
      ],
    ]),
  );
}

await main();
