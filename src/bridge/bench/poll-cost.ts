/**
 * `npm run bench`: what the bridge spends reading one agent, as CPU time and bytes.
 *   - an idle poll: hello is known, the snapshot answers 304;
 *   - a 2000-item current view: a first read (hello, snapshot, the pane's whole view).
 * The agent runs in a process of its own, so only the bridge's side is measured. Medians.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AgentLink } from '../link/agent-link';
import { AgentStore } from '../poll/agent-store';
import type { AgentSource } from '../config/config';
import { Poller } from '../poll/poller';

const AGENT_BIN = fileURLToPath(new URL('../../agent/bin.mjs', import.meta.url));
const IDLE_POLLS = 300;
const VIEW_READS = 40;
const ITEMS = 2000;

class CountingLink extends AgentLink {
  read = 0;
  written = 0;
  override async call(...args: Parameters<AgentLink['call']>) {
    const res = await super.call(...args);
    this.read += res.bytes.read;
    this.written += res.bytes.written;
    return res;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const cpuMicros = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return used.user + used.system;
};

async function measure(source: AgentSource, run: (poller: Poller) => Promise<void>, fresh: boolean, rounds: number) {
  const cpu: number[] = [];
  const bytesRead: number[] = [];
  const bytesWritten: number[] = [];
  let link = new CountingLink(source);
  let poller = new Poller(new AgentStore('bench', 'here'), link, () => {});
  await poller.poll(); // warm: the first read is not an idle poll
  for (let i = 0; i < rounds; i += 1) {
    if (fresh) {
      link = new CountingLink(source);
      poller = new Poller(new AgentStore('bench', 'here'), link, () => {});
    }
    const before = { read: link.read, written: link.written };
    const start = process.cpuUsage();
    await run(poller);
    cpu.push(cpuMicros(start));
    bytesRead.push(link.read - before.read);
    bytesWritten.push(link.written - before.written);
  }
  return { cpuMs: median(cpu) / 1000, read: median(bytesRead), written: median(bytesWritten) };
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'collie-bench-'));
  const socket = join(dir, 'run', 'bench.sock');
  const agent = spawn(process.execPath, [AGENT_BIN, 'bench', '--items', String(ITEMS)], {
    env: { ...process.env, COLLIE_DURABLE_SOCKET: socket },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      agent.stdout?.on('data', (c: Buffer) => c.toString().includes('listening') && resolve());
      agent.once('exit', (code) => reject(new Error(`the bench agent exited (${code})`)));
    });
    const source: AgentSource = { name: 'bench', address: { kind: 'socket', path: socket } };
    const idle = await measure(source, (p) => p.poll(), false, IDLE_POLLS);
    const view = await measure(source, (p) => p.poll(), true, VIEW_READS);
    const row = (name: string, r: { cpuMs: number; read: number; written: number }) =>
      `${name.padEnd(34)} ${r.cpuMs.toFixed(3).padStart(8)} ms CPU   ${String(r.read).padStart(8)} B read   ${String(r.written).padStart(6)} B sent`;
    console.log(`bridge poll cost per agent (socket transport, medians; node ${process.versions.node})`);
    console.log(row(`idle poll (304), ${IDLE_POLLS} runs`, idle));
    console.log(row(`${ITEMS}-item current view, ${VIEW_READS} runs`, view));
  } finally {
    agent.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
