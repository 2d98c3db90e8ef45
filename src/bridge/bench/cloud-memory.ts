/**
 * `npm run bench`: the bridge's memory with 10 hosted agents attached (issue #51). One hosted
 * desk runs under the local workerd (`npm run cloud:dev`); a real `collie start` has it attached
 * under 10 names (10 agents to poll over http with a token, each with its own store, link and
 * poller), and, for comparison, nothing attached. Each bridge's RSS is read from /proc once every
 * agent is ok and one more idle poll round has passed. Three runs; the median of each.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startCloudDev } from '../../agent/cloudflare/testing/cloud-dev-run';
import { tempDir } from '../../agent/testing';
import { askBridge } from '../cli/running-bridge';
import { runCli, startBridgeProcess } from '../testing/cli-harness';

const AGENTS = 10;
const RUNS = 3;
/** One idle poll round after every agent is ok: what the bridge holds while nothing changes. */
const SETTLE_MS = 11_000;
const TOKEN = 'bench-cloud-memory-token-3c5e7b9d1f3a5c7e9b1d3f5a';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

async function rssMiB(pid: number): Promise<number> {
  const kib = Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kib / 1024;
}

/** A bridge with `names` attached to `url`: its RSS once all are ok and a poll round has passed. */
async function bridgeRss(url: string, names: string[]): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'collie-bench-cloud-'));
  const env = { COLLIE_CONFIG_DIR: join(dir, 'config'), COLLIE_STATE_DIR: join(dir, 'state'), HOSTED_TOKEN: TOKEN };
  try {
    for (const name of names) {
      const attached = await runCli(['durable', 'attach', name, '--url', url, '--token-env', 'HOSTED_TOKEN'], env);
      if (attached.code !== 0) throw new Error(`attach ${name}: ${attached.stderr}`);
    }
    const bridge = await startBridgeProcess(env);
    try {
      for (;;) {
        const found = await askBridge(env.COLLIE_STATE_DIR);
        if (found.running && found.status.agents.length === names.length && found.status.agents.every((a) => a.status === 'ok')) break;
        await sleep(200);
      }
      await sleep(SETTLE_MS);
      return await rssMiB(bridge.child.pid!);
    } finally {
      await bridge.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const dir = await tempDir();
  const cloud = await startCloudDev('desk', { port: await freePort(), state: join(dir.path, 'state'), vars: { COLLIE_TOKEN: TOKEN } });
  try {
    const names = Array.from({ length: AGENTS }, (_, i) => `hosted-${i + 1}`);
    const none: number[] = [];
    const ten: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      none.push(await bridgeRss(cloud.url, []));
      ten.push(await bridgeRss(cloud.url, names));
    }
    const [load1] = loadavg();
    console.log(`bridge memory with ${AGENTS} hosted agents attached (one hosted desk under workerd), ${RUNS} runs (load ${load1!.toFixed(2)} on ${cpus().length} cores)`);
    console.log(`  RSS, nothing attached: ${none.map((v) => v.toFixed(1)).join(', ')} MiB; median ${median(none).toFixed(1)} MiB`);
    console.log(`  RSS, ${AGENTS} hosted agents: ${ten.map((v) => v.toFixed(1)).join(', ')} MiB; median ${median(ten).toFixed(1)} MiB`);
    console.log(`  each hosted agent: ${((median(ten) - median(none)) / AGENTS).toFixed(2)} MiB (difference of the medians / ${AGENTS})`);
  } finally {
    await cloud.stop();
    await dir.cleanup();
  }
}

await main();
