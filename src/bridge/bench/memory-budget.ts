/**
 * `npm run bench` (second part): the bridge's memory with one agent at its budget. A flooding
 * agent in its own process offers 16 panes of 100 items of 64 KiB (about 105 MB); the bridge keeps
 * the newest part of each pane within BRIDGE_MEMORY. Reported: what the budget counts, the
 * bridge process's heap and RSS before and after (after a full GC when node runs with
 * --expose-gc, which the npm script passes).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRIDGE_MEMORY, MIB } from '../../wire/limits';
import { AgentLink } from '../link/agent-link';
import { AgentStore } from '../poll/agent-store';
import { Poller } from '../poll/poller';

const FLOOD = fileURLToPath(new URL('./flood-agent.ts', import.meta.url));
const PANES = 16;
const ITEMS = 100;

const mb = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;
const gc = (globalThis as { gc?: () => void }).gc;
const sample = () => {
  gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
};

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'collie-bench-'));
  const agent = spawn(process.execPath, ['--import', 'tsx', FLOOD, dir, String(PANES), String(ITEMS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const socket = await new Promise<string>((resolve, reject) => {
      agent.stdout?.on('data', (c: Buffer) => {
        const match = /listening (\S+)/.exec(c.toString());
        if (match) resolve(match[1]!);
      });
      agent.once('exit', (code) => reject(new Error(`the flood agent exited (${code})`)));
    });
    const before = sample();
    const store = new AgentStore('flood', 'here');
    const poller = new Poller(store, new AgentLink({ name: 'flood', address: { kind: 'socket', path: socket } }), () => {});
    // A poll reads at most 20 pages a pane; poll until every pane has read all it was offered.
    while ([...store.panes.values()].length < PANES || [...store.panes.values()].some((log) => log.cursor < ITEMS)) await poller.poll();
    const after = sample();
    console.log(`bridge memory, one agent at its budget (${PANES} panes × ${ITEMS} items of 64 KiB offered; node ${process.versions.node}${gc ? ', after GC' : ''})`);
    console.log(
      `budget: ${mb(BRIDGE_MEMORY.paneBytes)} a pane, ${mb(BRIDGE_MEMORY.agentBytes)} an agent; held: ${mb(store.bytes())} in ${[...store.panes.values()].reduce((n, log) => n + log.entries.length, 0)} entries`,
    );
    console.log(`heap used: ${mb(before.heapUsed)} → ${mb(after.heapUsed)}   RSS: ${mb(before.rss)} → ${mb(after.rss)}`);
  } finally {
    agent.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
