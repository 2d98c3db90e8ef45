/**
 * How close the bridge's deadlines come to what they promise, in wall-clock time on this machine
 * (the unit tests check the same deadlines on a fake clock, where they fire to the millisecond):
 *   - an agent that starts a reply and never ends it: `callUrl` gives up at its deadline;
 *   - a running bridge that never answers: `askBridge` gives up at its wait.
 * Medians and the ratio to the promised figure; run with `npx tsx src/bridge/bench/deadlines.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, timedRounds } from '../../../e2e/bench/stats';
import { writeBridgeFile } from '../cli/bridge-file';
import { askBridge } from '../cli/running-bridge';
import { callUrl } from '../link/transport-url';
import { TransportError } from '../link/transport';
import { agentPath, WIRE_PREFIX } from '../../wire/agent-paths';

const ROUNDS = 15;
const CALL_DEADLINE_MS = 200;
const ASK_WAIT_MS = 300;
const TOKEN = 'bench-token-7c1e9a3f5b2d4e6a8c0f1b3d5e7a9c2e';

async function serve(listener: RequestListener): Promise<{ server: Server; base: string }> {
  const server = createServer(listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
}

async function main(): Promise<void> {
  const halfReply = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{'); // …and never the rest
  });
  const silent = await serve(() => {}); // holds every request
  const dir = await mkdtemp(join(tmpdir(), 'collie-bench-'));
  try {
    const exchange = await timedRounds(ROUNDS, async () => {
      const failure = await callUrl(halfReply.base, TOKEN, { method: 'GET', path: `${WIRE_PREFIX}${agentPath('hello')}`, deadlineMs: CALL_DEADLINE_MS, maxBytes: 16384 }).then(
        () => 'answered',
        (err: unknown) => (err instanceof TransportError ? err.failure : String(err)),
      );
      if (failure !== 'timeout') throw new Error(`the exchange ended in ${failure}, not at its deadline`);
    });
    await writeBridgeFile(dir, { pid: process.pid, url: `${silent.base}/` });
    const ask = await timedRounds(ROUNDS, async () => {
      const found = await askBridge(dir, ASK_WAIT_MS);
      if (found.running) throw new Error('a silent server read as a running bridge');
    });
    const row = (name: string, promised: number, took: number[]) =>
      `${name.padEnd(48)} ${median(took).toFixed(1).padStart(7)} ms   x${(median(took) / promised).toFixed(3)} of ${promised} ms   (min ${Math.min(...took).toFixed(1)}, max ${Math.max(...took).toFixed(1)})`;
    console.log(`deadlines in wall-clock time (medians of ${ROUNDS}; node ${process.versions.node})`);
    console.log(row('callUrl, a reply begun and never ended', CALL_DEADLINE_MS, exchange));
    console.log(row('askBridge, a bridge that never answers', ASK_WAIT_MS, ask));
  } finally {
    await Promise.all([close(halfReply.server), close(silent.server)]);
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
