/**
 * `npm run bench`: the lead of a crew with 10 members × 10 agents, all on this machine (the lead a
 * real `collie start` over HTTPS; the members bridges in this process, loopback HTTPS with a test
 * CA), measured from /proc (Linux):
 *   - the lead's CPU, nothing changing: no phone, then a phone on its dashboard (as a share of one core);
 *   - write → row: an agent of a member writes an item, and a phone long-polling that agent's
 *     list sees its row change, through the lead and directly on the member at once; the ratio of
 *     the two at p50 (the goal: at most 1.3×).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openCollie } from '../../agent/kit';
import { startBridge, type RunningBridge } from '../bridge';
import { runCli, startBridgeProcess } from '../testing/cli-harness';
import { httpsCall } from '../testing/https-call';
import { pairedCookie } from '../testing/paired';
import { makeTestCa } from '../testing/tls';

const MANY = fileURLToPath(new URL('./many-agents.ts', import.meta.url));
const MEMBERS = 10;
const PER_MEMBER = 10;
const WINDOW_MS = 20000;
const WRITES = 20;
const TICK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / TICK) * 1000;
}

/** The process's CPU over WINDOW_MS, as a share of one core. */
async function share(pid: number): Promise<number> {
  const [cpu, wall] = [await cpuMs(pid), performance.now()];
  await sleep(WINDOW_MS);
  return ((await cpuMs(pid)) - cpu) / (performance.now() - wall);
}

/** A phone's long-poll on one view until `stop`, calling `seen` with each body it is given. */
async function keepReading(url: string, ca: Buffer, cookie: string, stop: AbortSignal, seen: (text: string) => void = () => {}): Promise<void> {
  let etag = '';
  while (!stop.aborted) {
    const reply = await httpsCall(etag ? `${url}?wait=1` : url, { ca, headers: { cookie, ...(etag ? { 'if-none-match': etag } : {}) } }).catch(() => null);
    if (!reply) return;
    if (reply.status !== 200 && reply.status !== 304) throw new Error(`${url} answered ${reply.status}: ${reply.text}`);
    if (reply.status === 200) {
      etag = String(reply.headers.etag ?? '');
      seen(reply.text);
    }
  }
}

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'collie-bench-crew-'));
  const tls = await makeTestCa(dir);
  const [cert, key, ca] = [join(dir, 'server.pem'), join(dir, 'server.key'), join(dir, 'ca.pem')];
  const runDir = join(dir, 'run');
  await mkdir(runDir, { mode: 0o700 });
  await mkdir(join(dir, 'lead', 'config'), { recursive: true, mode: 0o700 });
  const env = { COLLIE_CONFIG_DIR: join(dir, 'lead', 'config'), COLLIE_STATE_DIR: join(dir, 'lead', 'state'), COLLIE_MUX: '', COLLIE_PROGRAMS: '', NODE_EXTRA_CA_CERTS: ca };
  const agents = spawn(process.execPath, ['--import', 'tsx', MANY, runDir, String(MEMBERS * PER_MEMBER), '50'], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const probe = await openCollie({ socket: join(runDir, 'probe', 'app.sock'), hostName: 'probe', caps: { asks: true }, log: () => {} });
  const pane = probe.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Probe' });
  probe.ready();
  const members: RunningBridge[] = [];
  const stop = new AbortController();
  let lead: Awaited<ReturnType<typeof startBridgeProcess>> | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      agents.stdout?.on('data', (c: Buffer) => c.toString().includes('listening') && resolve());
      agents.once('exit', (code) => reject(new Error(`the agents exited (${code})`)));
    });
    await writeFile(join(dir, 'lead', 'config', 'sources.json'), '[]', { mode: 0o600 });
    lead = await startBridgeProcess(env, ['--tls-cert', cert, '--tls-key', key], { ca: tls.ca });
    for (let m = 0; m < MEMBERS; m += 1) {
      const sources = Array.from({ length: PER_MEMBER }, (_, i) => ({
        name: `a${i}`,
        address: { kind: 'socket' as const, path: join(runDir, `a${m * PER_MEMBER + i}`, 'app.sock') },
      }));
      if (m === 0) sources.push({ name: 'probe', address: { kind: 'socket', path: join(runDir, 'probe', 'app.sock') } });
      const member = await startBridge({
        sources,
        durable: true,
        stateDir: join(dir, `m${m}`),
        host: '127.0.0.1',
        port: 0,
        log: () => {},
        tls: { cert: tls.cert.toString(), key: tls.key.toString() },
        crew: { tls: { ca: tls.ca } },
      });
      members.push(member);
      const code = (await runCli(['crew', 'invite'], env)).stdout.split('\n')[0] ?? '';
      await member.crew.join(lead.url.slice(0, -1), `m${m}`, code);
    }
    const total = MEMBERS * PER_MEMBER + 1;
    // Every member's agents on the lead's dashboard, each read: then nothing changes.
    const ready = new AbortController();
    await Promise.race([
      keepReading(`${lead.url}api/dashboard`, tls.ca, lead.cookie, ready.signal, (text) => {
        const rows = (JSON.parse(text) as { agents: { status: string }[] }).agents;
        if (rows.length === total && rows.every((r) => r.status === 'ok')) ready.abort();
      }),
      sleep(60000).then(() => Promise.reject(new Error('the lead never showed every member agent'))),
    ]);
    await sleep(5000);
    const pid = lead.child.pid!;
    const idle = await share(pid);
    const looking = keepReading(`${lead.url}api/dashboard`, tls.ca, lead.cookie, stop.signal);
    await sleep(2000);
    const dashboard = await share(pid);

    // write → row: the probe's list, long-polled through the lead and on its member at once.
    const direct = await pairedCookie(members[0]!.devices);
    const wanted = { id: '' };
    const seenAt: { lead: number | null; direct: number | null } = { lead: null, direct: null };
    const watch = (which: 'lead' | 'direct') => (text: string) => {
      if (wanted.id && seenAt[which] === null && text.includes(wanted.id)) seenAt[which] = performance.now();
    };
    void keepReading(`${lead.url}api/agents/probe%40m0`, tls.ca, lead.cookie, stop.signal, watch('lead'));
    void keepReading(`${members[0]!.url}api/agents/probe`, tls.ca, direct, stop.signal, watch('direct'));
    await sleep(3000);
    const viaLead: number[] = [];
    const directly: number[] = [];
    for (let k = 0; k < WRITES; k += 1) {
      Object.assign(seenAt, { lead: null, direct: null });
      wanted.id = `written ${k} at ${Date.now()}`;
      const at = performance.now();
      pane.item({ id: `w${k}`, kind: 'reply', text: wanted.id });
      while (seenAt.lead === null || seenAt.direct === null) {
        if (performance.now() - at > 15000) throw new Error(`write ${k} never showed (through the lead: ${seenAt.lead !== null}, directly: ${seenAt.direct !== null})`);
        await sleep(5);
      }
      viaLead.push(seenAt.lead - at);
      directly.push(seenAt.direct - at);
    }
    stop.abort();
    await looking.catch(() => {});
    const ms = (v: number) => `${v.toFixed(0).padStart(5)} ms`;
    console.log(
      `the lead of a crew: ${MEMBERS} members × ${PER_MEMBER} agents on this machine (node ${process.versions.node}, ${cpus().length} cores; ${WINDOW_MS / 1000} s each)`,
    );
    console.log(`lead CPU, nothing changing, no phone:            ${(idle * 100).toFixed(1).padStart(5)} % of one core`);
    console.log(`lead CPU, nothing changing, a phone looking:     ${(dashboard * 100).toFixed(1).padStart(5)} % of one core`);
    console.log(
      `write → row, p50 over ${WRITES}: through the lead ${ms(p50(viaLead))}, directly ${ms(p50(directly))}: ${(p50(viaLead) / p50(directly)).toFixed(2)}× (goal ≤ 1.3×)`,
    );
  } finally {
    stop.abort();
    await lead?.stop();
    await Promise.all(members.map((m) => m.close()));
    await probe.close();
    agents.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
