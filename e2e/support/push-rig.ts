import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openCollie, type AskSpec, type Collie, type PaneHandle } from '../../src/agent/kit';
import { startBridge, type RunningBridge } from '../../src/bridge/bridge';
import { startPushService, type TestPushService } from '../../src/bridge/testing/push-service';
import type { Answer } from '../../src/wire/types';
import { faultyProxy } from './faulty-proxy';
import { pairPhone } from './pair';
import { scratch } from './processes';
import { deliverPush, phoneWorker } from './push-worker';
import { stopAfterEach } from './started';

const BUILT = resolve(import.meta.dirname, '..', '..', 'dist', 'app');

/**
 * The notification specs' rig, made fresh for each test: the bridge (in the test's process) pushes
 * to the test's own push service, which decrypts each push for the worker (push-worker.ts); the
 * agent is a real kit agent, `desk`, with one pane, `p`, behind a proxy that records every answer
 * it is sent, with its request id.
 */
export interface PushRig {
  readonly service: TestPushService;
  readonly agent: Collie;
  readonly pane: PaneHandle;
  readonly proxy: Awaited<ReturnType<typeof faultyProxy>>;
  readonly stateDir: string;
  /** The running bridge (throws when none runs). */
  bridge(): RunningBridge;
  /** Closes the agent and opens it again on its socket, with its pane `p` and no open question. */
  restartAgent(): Promise<void>;
  /** Starts the bridge (again, on `port`, after `stop`). */
  start(port?: number): Promise<RunningBridge>;
  stop(): Promise<void>;
  /** Pairs the page (as a phone that may act, or one that watches), waits for its worker, and gives the bridge its subscription. */
  phone(page: Page, context: BrowserContext, role?: 'control' | 'watch', sub?: ReturnType<TestPushService['subscribe']>): Promise<{ url: string; origin: string; worker: Worker }>;
  /** Raises an ask (in `pane`, `p` unless given) and hands its push to the worker, as the phone's push service would. */
  pushAsk(context: BrowserContext, page: Page, origin: string, ask: AskSpec, pane?: PaneHandle): Promise<{ asked: Promise<Answer>; push: { tag: string; answer?: unknown } }>;
}

async function openAgent(socket: string): Promise<{ agent: Collie; pane: PaneHandle }> {
  const agent = await openCollie({ socket, hostName: 'desk', caps: { asks: true }, log: () => {} });
  const pane = agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Release' });
  agent.ready();
  return { agent, pane };
}

export function pushRig(): PushRig {
  const run = stopAfterEach();
  let made: Omit<PushRig, 'bridge' | 'restartAgent' | 'start' | 'stop' | 'phone' | 'pushAsk'> & { agentSocket: string; proxySocket: string };
  let bridge: RunningBridge | undefined;

  test.beforeEach(async () => {
    const dirs = (run.dirs = await scratch());
    await mkdir(join(dirs.root, 'ca'));
    const service = await startPushService(join(dirs.root, 'ca'));
    run.later(() => service.close());
    const agentSocket = join(dirs.socketDir, 'desk', 'app.sock');
    const proxySocket = join(dirs.socketDir, 'proxy', 'app.sock');
    const { agent, pane } = await openAgent(agentSocket);
    run.later(() => made.agent.close());
    const proxy = await faultyProxy(agentSocket, proxySocket);
    run.later(() => proxy.close());
    made = { service, agent, pane, proxy, agentSocket, proxySocket, stateDir: dirs.stateDir };
    // The bridge stops first (added last); a test that stopped it itself leaves nothing to stop.
    run.later(() => rig.stop());
  });

  const rig: PushRig = {
    get service() {
      return made.service;
    },
    get agent() {
      return made.agent;
    },
    get pane() {
      return made.pane;
    },
    get proxy() {
      return made.proxy;
    },
    get stateDir() {
      return made.stateDir;
    },
    async restartAgent() {
      await made.agent.close();
      Object.assign(made, await openAgent(made.agentSocket));
    },
    bridge() {
      if (!bridge) throw new Error('no bridge runs');
      return bridge;
    },
    async start(port = 0) {
      bridge = await startBridge({
        sources: [{ name: 'desk', address: { kind: 'socket', path: made.proxySocket } }],
        durable: true,
        stateDir: made.stateDir,
        host: '127.0.0.1',
        port,
        appDir: BUILT,
        log: () => {},
        push: { agent: made.service.agent, hosts: [made.service.host] },
      });
      return bridge;
    },
    async stop() {
      const running = bridge;
      bridge = undefined;
      await running?.close();
    },
    async phone(page, context, role = 'control', sub = made.service.subscribe()) {
      const { url } = rig.bridge();
      const origin = new URL(url).origin;
      await context.grantPermissions(['notifications'], { origin });
      await pairPhone(page, rig.bridge().invite({ role }).link);
      const worker = await phoneWorker(page, context);
      expect((await page.request.post(`${url}api/push/subscription`, { data: sub.json })).status()).toBe(200);
      return { url, origin, worker };
    },
    async pushAsk(context, page, origin, ask, pane = made.pane) {
      const before = made.service.received.length;
      const asked = pane.ask(ask);
      asked.catch(() => {});
      await rig.bridge().agents.get('desk')!.poller.poll();
      const received = await made.service.waitFor(before + 1);
      const push = received[before]!;
      await deliverPush(context, page, origin, push.text);
      return { asked, push: push.json as { tag: string; answer?: unknown } };
    },
  };
  return rig;
}
