/**
 * `npm run bench`: an ACP agent's flood, from its stdout to the phone. The host (`run-acp.ts`, as
 * `collie acp` starts it) runs under Bun as its own process with the scripted ACP agent as its
 * child; the real bridge reads it; a paired phone long-polls the agent's conversation list.
 *   - one reply streamed as 10,000 chunks: from the agent's last chunk to the phone's row showing
 *     the turn ended (the goal: within the poll's own floor, CADENCE.socket.looking), and the whole
 *     reply checked, character for character, in the chat;
 *   - the host's memory (VmRSS) after each of several such replies (the goal: flat);
 *   - 10 sessions flooding at once: until every row shows its whole reply, and the memory after.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { BUN, SCRIPTED_ACP_AGENT } from '../../agent/acp/testing/acp-rig';
import { tempDir, wireCall } from '../../agent/testing';
import { agentPath } from '../../wire/agent-paths';
import type { AgentJson, ChatJson } from '../../wire/bridge-json';
import type { Item } from '../../wire/types';
import { startBridge } from '../bridge';
import { CADENCE } from '../poll/cadence';
import { pairedCookie } from '../testing/paired';

const RUN_ACP = new URL('../../agent/acp/run-acp.ts', import.meta.url).pathname;
const CHUNKS = 10_000;
const FLOODS = 12;
const AT_ONCE = 10;
/** The reply the scripted agent streams for `flood n`, whole. */
const WHOLE = Array.from({ length: CHUNKS }, (_, i) => `${i} `).join('') + 'end of flood';

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function expectOk(call: ReturnType<typeof wireCall>): ReturnType<typeof wireCall> {
  const reply = await call;
  if (reply.status !== 200) throw new Error(`the host answered ${reply.status}: ${JSON.stringify(reply.json)}`);
  return reply;
}

function get(url: string, cookie: string, etag = ''): Promise<{ status: number; etag: string; text: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { cookie, ...(etag ? { 'if-none-match': etag } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag ?? ''), text }));
    })
      .on('error', reject)
      .end();
  });
}

async function main(): Promise<void> {
  const dir = await tempDir();
  const project = join(dir.path, 'project');
  await mkdir(project);
  const socket = join(dir.path, 'run', 'acp.sock');
  const mark = join(dir.path, 'mark');
  const host = spawn(BUN, [RUN_ACP, '--cwd', project, '--socket', socket, '--data', join(dir.path, 'data'), '--', BUN, SCRIPTED_ACP_AGENT], {
    env: { ...process.env, COLLIE_TEST_ACP_STATE: join(dir.path, 'agent-state.json'), COLLIE_TEST_ACP_MARK: mark },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    host.stdout.on('data', (c: Buffer) => c.toString().includes('listening') && resolve());
    host.once('exit', (code) => reject(new Error(`the host exited (${code})`)));
  });
  const bridge = await startBridge({
    sources: [{ name: 'acp', address: { kind: 'socket', path: socket } }],
    durable: true,
    stateDir: join(dir.path, 'state'),
    host: '127.0.0.1',
    port: 0,
    log: () => {},
  });
  const cookie = await pairedCookie(bridge.devices);
  const list = new URL('api/agents/acp', bridge.url).href;
  let n = 0;
  const newChat = async () => (await expectOk(wireCall(socket, 'POST', agentPath('starter', { starter: 'new-chat' }), { requestId: `bench-${++n}` }))).json.paneId as string;
  const flood = (paneId: string) => expectOk(wireCall(socket, 'POST', agentPath('send', { pane: paneId }), { requestId: `bench-${++n}`, text: `flood ${CHUNKS}`, turnId: null }));
  /** The phone's long-poll on the list, until every pane's row shows its turn ended after its reply; when each did. */
  async function rowsEnded(paneIds: string[], deadlineMs = 120_000): Promise<Map<string, number>> {
    const ended = new Map<string, number>();
    let etag = '';
    const started = Date.now();
    while (ended.size < paneIds.length) {
      if (Date.now() - started > deadlineMs) throw new Error(`${paneIds.length - ended.size} rows never showed their reply`);
      const reply = await get(etag ? `${list}?wait=1` : list, cookie, etag);
      if (reply.status === 304) continue;
      if (reply.status !== 200) throw new Error(`the list answered ${reply.status}: ${reply.text}`);
      etag = reply.etag;
      for (const row of (JSON.parse(reply.text) as AgentJson).conversations)
        if (paneIds.includes(row.paneId) && !ended.has(row.paneId) && row.state === 'idle' && row.preview?.kind === 'reply') ended.set(row.paneId, Date.now());
    }
    return ended;
  }
  /** The chat as the phone reads it holds the whole reply: every chunk, in order. */
  async function checkWhole(paneId: string): Promise<void> {
    const view = JSON.parse((await get(new URL(`api/agents/acp/panes/${paneId}`, bridge.url).href, cookie)).text) as ChatJson;
    const reply = view.entries.flatMap((e): Item[] => (e.type === 'item' ? [e.item] : [])).find((i) => i.kind === 'reply');
    if (!reply || !('text' in reply) || reply.text !== WHOLE)
      throw new Error(`the chat ${paneId} lacks the whole reply (${reply && 'text' in reply ? reply.text.length : 0} of ${WHOLE.length} characters)`);
  }
  const lastMark = () => Number(readFileSync(mark, 'utf8').trim().split('\n').at(-1));

  try {
    const latencies: number[] = [];
    const rss: number[] = [rssMiB(host.pid!)];
    for (let k = 0; k < FLOODS; k += 1) {
      const paneId = await newChat();
      const ended = rowsEnded([paneId]);
      ended.catch(() => {}); // its failure is thrown where it is awaited
      await flood(paneId);
      latencies.push((await ended).get(paneId)! - lastMark());
      await checkWhole(paneId);
      rss.push(rssMiB(host.pid!));
    }
    const panes = await Promise.all(Array.from({ length: AT_ONCE }, () => newChat()));
    const sent = Date.now();
    const ended = rowsEnded(panes);
    ended.catch(() => {}); // its failure is thrown where it is awaited
    await Promise.all(panes.map(flood));
    const allEnded = Math.max(...(await ended).values()) - sent;
    for (const paneId of panes) await checkWhole(paneId);
    const rssAfter = rssMiB(host.pid!);

    const [load1] = loadavg();
    console.log(
      `an ACP agent's flood through the host and the bridge (node ${process.versions.node}, bun ${process.env.BUN_VERSION ?? 'from npm'}, ${cpus().length} cores, load ${load1!.toFixed(2)})`,
    );
    console.log(
      `${CHUNKS.toLocaleString('en')}-chunk reply, last chunk → phone row, median of ${FLOODS}: ${median(latencies)} ms (each: ${latencies.join(', ')}; poll floor ${CADENCE.socket.looking} ms)`,
    );
    console.log(`host memory (VmRSS): ${rss.map((v) => v.toFixed(1)).join(' → ')} MiB (before, then after each reply)`);
    console.log(`${AT_ONCE} sessions flooding ${CHUNKS.toLocaleString('en')} chunks at once: every row ended ${allEnded} ms after the sends; host ${rssAfter.toFixed(1)} MiB`);
  } finally {
    await bridge.close();
    host.kill('SIGTERM');
    await new Promise((r) => host.once('exit', r));
    await dir.cleanup();
  }
}

await main();
