/**
 * `npm run bench`: the bridge's CPU with 100 agents, as a share of one core, in three states:
 *   - idle: no phone; the agents are read at the idle cadence (3 s over a socket);
 *   - one phone on the dashboard: every agent read at the looking cadence (1 s);
 *   - looking: a phone long-polling each agent's chat, 100 held reads (spread over 7 paired
 *     devices, since one device may hold 16), every agent read at 1 s.
 * The agents run in a process of their own and change nothing, so the figure is the bridge's
 * cost of watching. The real `collie start`, measured from /proc (Linux), over WINDOW_MS each.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOOKING_WINDOW_MS } from '../poll/cadence';
import { runCli, startBridgeProcess } from '../testing/cli-harness';
import { redeemAllowed } from '../testing/paired';

const MANY = fileURLToPath(new URL('./many-agents.ts', import.meta.url));
const AGENTS = 100;
const ITEMS = 200;
const WINDOW_MS = 20000;
/** Devices to hold 100 long-polls: the bridge lets one device hold 16 at once. */
const DEVICES = 7;
const TICK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU time (user + system) a process has used, ms, from /proc/<pid>/stat. */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // the name may hold spaces
  return ((Number(fields[11]) + Number(fields[12])) / TICK) * 1000;
}

/** The agents' process counts the polls it answers (many-agents.ts). */
function pollsServed(agents: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    agents.once('message', (n) => resolve(Number(n)));
    agents.send('polls');
  });
}

/** Over WINDOW_MS: the bridge's CPU as a share of one core, and the agent polls it made a second. */
async function measure(pid: number, agents: ChildProcess): Promise<{ share: number; pollsPerS: number }> {
  const [cpu, polls, wall] = [await cpuMs(pid), await pollsServed(agents), performance.now()];
  await sleep(WINDOW_MS);
  const [cpuAfter, pollsAfter, elapsed] = [await cpuMs(pid), await pollsServed(agents), performance.now() - wall];
  return { share: (cpuAfter - cpu) / elapsed, pollsPerS: ((pollsAfter - polls) / elapsed) * 1000 };
}

interface Reading {
  /** Replies the bridge gave (200 or 304). */
  answered: number;
  /** The first other status, said as the bridge said it; a benchmark that was refused has measured nothing. */
  refused: string | null;
}

/** A phone's read of one view kept open: read, then long-poll with the tag, again each time it answers. Never rejects. */
async function keepReading(url: string, cookie: string, stop: AbortSignal): Promise<Reading> {
  const reading: Reading = { answered: 0, refused: null };
  let etag: string | null = null;
  while (!stop.aborted) {
    const headers: Record<string, string> = etag ? { cookie, 'if-none-match': etag } : { cookie };
    const res: Response | null = await fetch(etag ? `${url}?wait=1` : url, { headers, signal: stop }).catch(() => null);
    const body = await res?.text().catch(() => null);
    if (!res || body === null || body === undefined) break; // stopped
    if (res.status !== 200 && res.status !== 304) {
      reading.refused = `${url} answered ${res.status}: ${body}`;
      break;
    }
    reading.answered += 1;
    etag = res.headers.get('etag') ?? etag;
  }
  return reading;
}

/** Stops the reads and says whether they all went as a phone's would. */
async function ended(stop: AbortController, reads: Promise<Reading>[]): Promise<number> {
  stop.abort();
  const done = await Promise.all(reads);
  const refused = done.find((r) => r.refused);
  if (refused) throw new Error(`a phone's read was refused, so the figure is not a looking phone's: ${refused.refused}`);
  return done.reduce((n, r) => n + r.answered, 0);
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'collie-bench-'));
  const [configDir, stateDir, runDir] = ['config', 'state', 'run'].map((d) => join(dir, d)) as [string, string, string];
  for (const d of [configDir, runDir]) await mkdir(d, { mode: 0o700 });
  const agents = spawn(process.execPath, ['--import', 'tsx', MANY, runDir, String(AGENTS), String(ITEMS)], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const env = { COLLIE_CONFIG_DIR: configDir, COLLIE_STATE_DIR: stateDir, COLLIE_MUX: '', COLLIE_PROGRAMS: '' };
  const stop = new AbortController();
  const looking = new AbortController();
  let bridge: Awaited<ReturnType<typeof startBridgeProcess>> | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      agents.stdout?.on('data', (c: Buffer) => c.toString().includes('listening') && resolve());
      agents.once('exit', (code) => reject(new Error(`the agents exited (${code})`)));
    });
    const sources = Array.from({ length: AGENTS }, (_, a) => ({ name: `a${a}`, kind: 'durable', socket: join(runDir, `a${a}`, 'app.sock') }));
    await writeFile(join(configDir, 'sources.json'), JSON.stringify(sources), { mode: 0o600 });
    bridge = await startBridgeProcess(env);
    const pid = bridge.child.pid!;
    const cookies = [bridge.cookie];
    while (cookies.length < DEVICES) {
      const link = /https?:\/\/\S+#pair=[A-Za-z0-9_-]+/.exec((await runCli(['pair'], env)).stdout)?.[0];
      if (!link) throw new Error('collie pair printed no link');
      // A second phone pairs only once a paired one allows it.
      cookies.push(await redeemAllowed(link, cookies[0]!, `Bench phone ${cookies.length + 1}`));
    }
    // Every agent read once, then no phone for longer than the looking window: the idle cadence.
    await sleep(3000);
    await sleep(LOOKING_WINDOW_MS + 1000);
    const idle = await measure(pid, agents);

    const dashboard = keepReading(`${bridge.url}api/dashboard`, cookies[0]!, stop.signal);
    await sleep(2000);
    const oneLooking = await measure(pid, agents);
    await ended(stop, [dashboard]);

    const chats = sources.map((s, a) => keepReading(`${bridge!.url}api/agents/${s.name}/panes/p`, cookies[a % DEVICES]!, looking.signal));
    await sleep(3000);
    const allLooking = await measure(pid, agents);
    const answered = await ended(looking, chats);

    const pct = ({ share, pollsPerS }: { share: number; pollsPerS: number }) =>
      `${(share * 100).toFixed(1).padStart(5)} % of one core   ${pollsPerS.toFixed(0).padStart(4)} agent polls/s   ${((share * 1000) / pollsPerS).toFixed(2)} ms CPU a poll`;
    console.log(
      `bridge CPU with ${AGENTS} agents (socket transport, ${ITEMS} items each, nothing changing; ${WINDOW_MS / 1000} s each; node ${process.versions.node}, ${cpus().length} cores)`,
    );
    console.log(`idle, no phone (agents read every 3 s):                ${pct(idle)}`);
    console.log(`one phone on the dashboard (every agent read at 1 s):  ${pct(oneLooking)}`);
    console.log(`a phone long-polling each agent's chat (100 held):     ${pct(allLooking)}  (${answered} replies to the ${AGENTS} chats' reads)`);
  } finally {
    stop.abort();
    looking.abort();
    await bridge?.stop();
    agents.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
