/**
 * What a hostile neighbour costs the person, in wall-clock time on this machine:
 *   - the owner's pushes while four other subscriptions' push services never answer, against
 *     none stalled (six asks raised 500 ms apart; raise → the push service has it);
 *   - a paired phone's request while 300 strangers send their headers one byte a second,
 *     against none.
 * Medians of RUNS runs, with the machine's load; run with `npx tsx src/bridge/bench/hardening.ts`.
 */
import { connect, type Socket } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fmt, median, percentile, ratio, table } from '../../../e2e/bench/stats';
import { machineLine } from '../../../e2e/bench/machine';
import { startBridge } from '../bridge';
import { pairedCookie } from '../testing/paired';
import { startPushService, type TestPushService } from '../testing/push-service';
import { pushRig } from '../testing/push-rig';
import { scriptedAgent } from '../testing/scripted-agent';

const RUNS = 3;
const ASKS = 6;
const ASK_GAP_MS = 500;
const SLOW_CLIENTS = 300;
const PHONE_REQUESTS = 100;

/** One run: the owner's push latencies, with `stalled` other subscriptions whose service never answers. */
async function pushRun(service: TestPushService, stalled: number): Promise<number[]> {
  const dir = await mkdtemp(join(tmpdir(), 'collie-bench-'));
  const rig = await pushRig(dir, service);
  try {
    const owner = await rig.phone();
    for (let i = 0; i < stalled; i += 1) service.answer((await rig.phone('watch')).sub.id, 'stall');
    const took: number[] = [];
    for (let n = 1; n <= ASKS; n += 1) {
      const raised = performance.now();
      rig.ask(rig.pane(`p${n}`), `q${n}`);
      await rig.bridge.agents.get('desk')!.poller.poll();
      const before = service.received.filter((p) => p.id === owner.sub.id).length;
      while (service.received.filter((p) => p.id === owner.sub.id).length === before) await service.waitFor(service.received.length + 1);
      took.push(performance.now() - raised);
      await sleep(Math.max(0, ASK_GAP_MS - (performance.now() - raised)));
    }
    return took;
  } finally {
    service.release();
    await rig.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** One run: a paired phone's request times, with `clients` strangers trickling their headers. */
async function slowClientsRun(clients: number): Promise<{ took: number[]; failed: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'collie-bench-'));
  const agent = await scriptedAgent(dir);
  const bridge = await startBridge({ sources: [agent.source], durable: true, stateDir: join(dir, 'state'), host: '127.0.0.1', port: 0, log: () => {} });
  const sockets: Socket[] = [];
  const trickle = setInterval(() => {
    for (const s of sockets) if (!s.destroyed) s.write('x');
  }, 1000);
  try {
    await bridge.agents.get('scripted')!.poller.poll();
    const cookie = await pairedCookie(bridge.devices);
    const port = Number(new URL(bridge.url).port);
    for (let i = 0; i < clients; i += 1)
      await new Promise<void>((resolve) => {
        const s = connect({ port, host: '127.0.0.1', localAddress: `127.0.${1 + (i % 20)}.${2 + (i % 7)}` }, () => {
          s.write('GET /api/dashboard HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
          resolve();
        });
        s.on('error', () => {});
        s.on('close', () => resolve());
        sockets.push(s);
      });
    const took: number[] = [];
    let failed = 0;
    for (let i = 0; i < PHONE_REQUESTS; i += 1) {
      const started = performance.now();
      const status = await fetch(`${bridge.url}api/dashboard`, { headers: { cookie } }).then(
        async (r) => (await r.arrayBuffer(), r.status),
        () => 0,
      );
      if (status !== 200) failed += 1;
      took.push(performance.now() - started);
    }
    return { took, failed };
  } finally {
    clearInterval(trickle);
    for (const s of sockets) s.destroy();
    await bridge.close();
    await agent.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(machineLine());
  const caDir = await mkdtemp(join(tmpdir(), 'collie-bench-ca-'));
  const service = await startPushService(caDir);
  const pushes = { none: [] as number[], four: [] as number[] };
  try {
    for (let run = 0; run < RUNS; run += 1) {
      pushes.none.push(median(await pushRun(service, 0)));
      pushes.four.push(median(await pushRun(service, 4)));
    }
  } finally {
    await service.close();
    await rm(caDir, { recursive: true, force: true });
  }
  const phone = { none: [] as number[], slow: [] as number[], failedAlone: 0, failedSlow: 0 };
  for (let run = 0; run < RUNS; run += 1) {
    const alone = await slowClientsRun(0);
    const flooded = await slowClientsRun(SLOW_CLIENTS);
    phone.none.push(percentile(alone.took, 0.95));
    phone.slow.push(percentile(flooded.took, 0.95));
    phone.failedAlone += alone.failed;
    phone.failedSlow += flooded.failed;
  }
  console.log(`\nhostile neighbours (medians of ${RUNS} runs)`);
  console.log(
    table([
      ['figure', 'alone', 'with them', 'ratio'],
      [
        `owner's push, raise → received, p50 of ${ASKS} (4 stalled endpoints)`,
        `${fmt(median(pushes.none))} ms`,
        `${fmt(median(pushes.four))} ms`,
        `x${fmt(ratio(median(pushes.four), median(pushes.none)), 2)}`,
      ],
      [
        `phone's request p95 of ${PHONE_REQUESTS} (${SLOW_CLIENTS} slow clients)`,
        `${fmt(median(phone.none), 1)} ms`,
        `${fmt(median(phone.slow), 1)} ms`,
        `x${fmt(ratio(median(phone.slow), median(phone.none)), 2)}`,
      ],
      [`phone's requests that failed, of ${PHONE_REQUESTS * RUNS}`, String(phone.failedAlone), String(phone.failedSlow), ''],
    ]),
  );
}

await main();
