/**
 * `npm run bench`: what a search costs the bridge (issue #47's target: ≤ 100 ms p95 over 20 agents
 * × 2,000 items). Twenty kit agents on private sockets, each with one open conversation of 2,000
 * mixed items (replies, markdown, tool calls with commands and output) and three closed ones of
 * 500 (history), read by the real bridge; a paired phone's searches go over HTTP as the phone's do,
 * one at a time, as typing a word does (each prefix of each word). The first search, which reads
 * the agents' closed conversations, is said apart; then three runs of the typed searches, each
 * run's p95 and the median of the three.
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { openCollie, type Collie } from '../../agent/kit';
import { tempDir } from '../../agent/testing';
import type { SearchJson } from '../../wire/search-json';
import { startBridge } from '../bridge';
import { pairedCookie } from '../testing/paired';

const AGENTS = 20;
const ITEMS = 2000;
const CLOSED = 3;
const CLOSED_ITEMS = 500;
const RUNS = 3;
/** What a person types, a prefix at a time (at least two characters): common words, a rare one, one found nowhere. */
const WORDS = ['migration failed', 'npm test', 'users table', 'zebra', 'deploy'];

const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
const TEXTS = ['The migration failed on `users`: a column is missing.', 'All 214 tests passed.', 'Deploying build 7 to staging.', 'Retrying the flaky step.'];
const COMMANDS = ['npm test', 'git status', 'npm run migrate', 'ls -la src'];

function fill(agent: Collie, a: number): void {
  const tab = agent.workspace('w', { title: 'Work' }).tab('t', { title: 'Main' });
  const open = tab.pane('live', { title: `Agent ${a} work` });
  for (let i = 0; i < ITEMS; i += 1) open.item(item(a, i));
  for (let c = 0; c < CLOSED; c += 1) {
    const pane = tab.pane(`old-${c}`, { title: `Old ${c}` });
    for (let i = 0; i < CLOSED_ITEMS; i += 1) pane.item(item(a, i));
    pane.close();
  }
}

function item(a: number, i: number) {
  const id = `i${a}-${i}`;
  switch (i % 4) {
    case 0:
      return { id, kind: 'reply' as const, text: `${pick(TEXTS, i / 4 + a)} (step ${i})` };
    case 1:
      return { id, kind: 'markdown' as const, text: `## Step ${i}\n**${pick(TEXTS, (i - 1) / 4)}**\n\n| file | n |\n|-|-:|\n| a.ts | ${i} |` };
    case 2:
      return { id, kind: 'tool' as const, toolCallId: `c${i}`, name: 'bash', summary: pick(COMMANDS, (i - 2) / 4 + a), output: `ok\n${i} lines`, status: 'done' as const };
    default:
      return { id, kind: 'user' as const, text: `Please check step ${i}` };
  }
}

const percentile = (values: number[], p: number) => [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
const median = (values: number[]) => percentile(values, 50);

async function main(): Promise<void> {
  const dir = await tempDir();
  const agents: Collie[] = [];
  const names = Array.from({ length: AGENTS }, (_, a) => `agent-${a}`);
  for (const [a, name] of names.entries()) {
    const agent = await openCollie({ socket: join(dir.path, name, 'app.sock'), hostName: name, caps: { asks: true, history: true }, log: () => {} });
    fill(agent, a);
    agent.ready();
    agents.push(agent);
  }
  const bridge = await startBridge({
    sources: names.map((name) => ({ name, address: { kind: 'socket' as const, path: join(dir.path, name, 'app.sock') } })),
    durable: true,
    stateDir: join(dir.path, 'state'),
    host: '127.0.0.1',
    port: 0,
    log: () => {},
  });
  try {
    for (const name of names) await bridge.agents.get(name)!.poller.poll();
    const held = names.reduce((n, name) => n + (bridge.agents.get(name)!.store.panes.get('live')?.entries.length ?? 0), 0);
    if (held !== AGENTS * ITEMS) throw new Error(`the bridge holds ${held} entries, not ${AGENTS * ITEMS}`);
    const cookie = await pairedCookie(bridge.devices);
    const search = async (q: string): Promise<{ ms: number; json: SearchJson }> => {
      const started = performance.now();
      const res = await fetch(`${bridge.url}api/search?q=${encodeURIComponent(q)}`, { headers: { cookie } });
      const json = (await res.json()) as SearchJson;
      if (res.status !== 200) throw new Error(`search answered ${res.status}`);
      return { ms: performance.now() - started, json };
    };
    const first = await search('migration');
    const closedFound = first.json.conversations.filter((c) => !c.place.open).length;
    const typed = WORDS.flatMap((words) => Array.from({ length: words.length - 1 }, (_, n) => words.slice(0, n + 2)));
    const p95s: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const times: number[] = [];
      for (const q of typed) times.push((await search(q)).ms);
      p95s.push(percentile(times, 95));
    }
    const [load1] = loadavg();
    console.log(
      `search on the bridge (node ${process.versions.node}, ${cpus().length} cores, load ${load1!.toFixed(2)}): ${AGENTS} agents × ${ITEMS.toLocaleString('en')} items open, ${CLOSED} × ${CLOSED_ITEMS} closed each`,
    );
    console.log(`first search (reads every agent's closed conversations): ${first.ms.toFixed(0)} ms, ${first.json.conversations.length} conversations (${closedFound} closed)`);
    console.log(`${typed.length} typed searches a run, p95 of each run: ${p95s.map((v) => v.toFixed(1)).join(', ')} ms; median ${median(p95s).toFixed(1)} ms (target ≤ 100)`);
  } finally {
    await bridge.close();
    for (const agent of agents) await agent.close();
    await dir.cleanup();
  }
}

await main();
