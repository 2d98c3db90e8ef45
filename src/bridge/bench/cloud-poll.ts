/**
 * `npm run bench`: what one poll of a hosted agent costs when nothing changed (issue #51): the
 * hosted desk under the local workerd (`npm run cloud:dev`), polled for its snapshot with the
 * ETag it gave, so each request goes through the Worker (the token checked) and wakes the
 * object for a `304`. Three runs of 200 polls one after another, each run's p50 and p95 and the
 * median of the three.
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { freePort, startCloudDev } from '../../agent/cloudflare/testing/cloud-dev-run';
import { tempDir } from '../../agent/testing';
import { agentPath, WIRE_PREFIX } from '../../wire/agent-paths';
import { VERSION_HEADER } from '../../wire/wire-protocol';

const POLLS = 200;
const RUNS = 3;
const TOKEN = 'bench-cloud-token-7d9f1a3c5e7b9d0f2a4c6e8b0d2f4a6c';

const percentile = (values: number[], p: number) => [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
const median = (values: number[]) => percentile(values, 50);

async function main(): Promise<void> {
  const dir = await tempDir();
  const cloud = await startCloudDev('desk', { port: await freePort(), state: join(dir.path, 'state'), vars: { COLLIE_TOKEN: TOKEN } });
  try {
    const url = `${cloud.url}${WIRE_PREFIX}${agentPath('snapshot')}`;
    const headers = { authorization: `Bearer ${TOKEN}`, [VERSION_HEADER]: '1' };
    const first = await fetch(url, { headers });
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const p50s: number[] = [];
    const p95s: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const times: number[] = [];
      for (let i = 0; i < POLLS; i += 1) {
        const started = performance.now();
        const reply = await fetch(url, { headers: { ...headers, 'if-none-match': etag } });
        await reply.arrayBuffer();
        times.push(performance.now() - started);
        if (reply.status !== 304) throw new Error(`poll ${i} answered ${reply.status}, not 304`);
      }
      p50s.push(percentile(times, 50));
      p95s.push(percentile(times, 95));
    }
    const [load1] = loadavg();
    console.log(`hosted agent, ${POLLS} polls answered 304 through Worker and object, ${RUNS} runs (load ${load1!.toFixed(2)} on ${cpus().length} cores)`);
    console.log(`  p50 of each run: ${p50s.map((v) => v.toFixed(1)).join(', ')} ms; median ${median(p50s).toFixed(1)} ms`);
    console.log(`  p95 of each run: ${p95s.map((v) => v.toFixed(1)).join(', ')} ms; median ${median(p95s).toFixed(1)} ms`);
  } finally {
    await cloud.stop();
    await dir.cleanup();
  }
}

await main();
