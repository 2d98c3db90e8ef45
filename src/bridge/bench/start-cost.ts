/**
 * What a start costs, the compiled programs (dist/node/, what `collie` runs) beside the same
 * sources run through the TypeScript loader (how every start ran before #25), and `node -e 0` as
 * the floor no Node program goes under:
 *   - `collie help`;
 *   - `collie durable list` against a running bridge;
 *   - the bridge's cold start with its demo agent (`collie start --demo`, a fresh state folder)
 *     to its first 200, and its resident memory 3 s after (the start's garbage not collected yet)
 *     and once it idles (its demo agent polled, no phone; after V8's memory reducer ran: its timer
 *     is 8 s, kLongDelayMs in V8's memory-reducer.cc).
 * Medians of RUNS runs; `npm run bench` runs it (`npx tsx src/bridge/bench/start-cost.ts` alone).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, median, table, target } from '../../../e2e/bench/stats';
import { machineLine } from '../../../e2e/bench/machine';
import { buildNodePrograms } from '../../agent/package/node-programs';
import { INSTALL } from '../config/install-paths';

const RUNS = 7;
const START_RUNS = 5;
/** When the bridge's memory is read after its first 200: soon after the start, and idle. */
const SOON_MS = 3000;
const IDLE_MS = 12_000;

type Way = 'compiled' | 'loader';
const COMMAND: Record<Way, string[]> = {
  compiled: [INSTALL.collieBin],
  loader: ['--import', 'tsx', join(INSTALL.root, 'src', 'bridge', 'cli', 'cli.ts')],
};

const since = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? resolve(since(start)) : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

async function runs(count: number, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  await run(args, env); // warms the disk cache; not counted
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await run(args, env));
  return median(times);
}

const status = (url: string) =>
  new Promise<number>((resolve) => {
    get(url, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', () => resolve(0));
  });

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

interface Started {
  child: ChildProcess;
  url: string;
  /** From the spawn to the first 200 of the phone app's page. */
  firstOkMs: number;
}

/** `collie start --demo` on a fresh state folder, timed to its first 200. */
async function startBridge(way: Way, env: NodeJS.ProcessEnv): Promise<Started> {
  const start = process.hrtime.bigint();
  const child = spawn(process.execPath, [...COMMAND[way], 'start', '--port', '0', '--demo'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      const match = /Open (https?:\/\/[^\s#]+)/.exec(printed);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the bridge exited (${code})`)));
  });
  while ((await status(url)) !== 200) await new Promise((resolve) => setImmediate(resolve));
  return { child, url, firstOkMs: since(start) };
}

const stopped = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve()).kill('SIGTERM')));

async function withState<T>(body: (env: NodeJS.ProcessEnv) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'collie-start-'));
  try {
    return await body({ COLLIE_CONFIG_DIR: join(dir, 'config'), COLLIE_STATE_DIR: join(dir, 'state') });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface Figures {
  help: number;
  list: number;
  firstOk: number;
  rssSoon: number;
  rss: number;
}

async function measure(way: Way): Promise<Figures> {
  const help = await runs(RUNS, [...COMMAND[way], 'help']);
  const starts: number[] = [];
  const rssSoon: number[] = [];
  const rss: number[] = [];
  let list = NaN;
  for (let i = 0; i < START_RUNS; i++) {
    await withState(async (env) => {
      const bridge = await startBridge(way, env);
      try {
        starts.push(bridge.firstOkMs);
        await new Promise((resolve) => setTimeout(resolve, SOON_MS));
        rssSoon.push(rssMiB(bridge.child.pid!));
        await new Promise((resolve) => setTimeout(resolve, IDLE_MS - SOON_MS));
        rss.push(rssMiB(bridge.child.pid!));
        if (i === 0) list = await runs(RUNS, [...COMMAND[way], 'durable', 'list'], env);
      } finally {
        await stopped(bridge.child);
      }
    });
  }
  return { help, list, firstOk: median(starts), rssSoon: median(rssSoon), rss: median(rss) };
}

await buildNodePrograms();
const floor = await runs(RUNS, ['-e', '0']);
const compiled = await measure('compiled');
const loader = await measure('loader');
console.log(machineLine());
console.log(`start cost: medians of ${RUNS} runs (${START_RUNS} bridge starts, memory ${SOON_MS / 1000} s and ${IDLE_MS / 1000} s after the first 200)`);
console.log(
  table([
    ['', 'node -e 0', 'compiled', 'TypeScript loader'],
    ['collie help (ms)', fmt(floor), fmt(compiled.help), fmt(loader.help)],
    ['collie durable list, bridge running (ms)', '', fmt(compiled.list), fmt(loader.list)],
    ['bridge start --demo to first 200 (ms)', '', fmt(compiled.firstOk), fmt(loader.firstOk)],
    [`bridge RSS ${SOON_MS / 1000} s after its start (MiB)`, '', fmt(compiled.rssSoon, 1), fmt(loader.rssSoon, 1)],
    [`bridge idle RSS, ${IDLE_MS / 1000} s (MiB)`, '', fmt(compiled.rss, 1), fmt(loader.rss, 1)],
  ]),
);
console.log(target('collie help', `${fmt(compiled.help)} ms`, '≤ 150 ms', compiled.help <= 150));
console.log(target('collie durable list', `${fmt(compiled.list)} ms`, '≤ 300 ms', compiled.list <= 300));
console.log(target('bridge cold start to first 200', `${fmt(compiled.firstOk)} ms`, '≤ 500 ms', compiled.firstOk <= 500));
console.log(target('bridge idle RSS', `${fmt(compiled.rss, 1)} MiB`, '≤ 60 MiB', compiled.rss <= 60));
