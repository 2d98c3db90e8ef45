/** Test helper: a bridge with one kit agent (`desk`), a fake clock for the push limits, and the test's own push service. */
import type { Agent } from 'node:https';
import { join } from 'node:path';
import { openCollie, type Collie, type PaneHandle } from '../../agent/kit';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { startPushService, type TestPushService, type TestSubscription } from './push-service';
import { startBridge, type RunningBridge } from '../bridge';
import { pairedCookie } from './paired';

export interface PushRig {
  agent: Collie;
  bridge: RunningBridge;
  clock: { now: number };
  log: string[];
  /** Polls the agent and waits until every push it led to has gone. */
  settle(): Promise<void>;
  /** A paired device's cookie with a subscription at the push service. */
  phone(role?: 'control' | 'watch'): Promise<{ cookie: string; sub: TestSubscription }>;
  pane(id: string, title?: string): PaneHandle;
  /** Raises a one-choice ask; it stays open until answered or decided. */
  ask(pane: PaneHandle, toolCallId: string, title?: string): void;
  api(method: string, path: string, cookie: string, body?: unknown): Promise<Response>;
  /** Stops the bridge, runs `between` (with it stopped), and starts it again on the same state folder. */
  restartBridge(between?: () => Promise<void>): Promise<void>;
  restartAgent(): Promise<void>;
  close(): Promise<void>;
}

/** Tests change how the bridge sends: a shorter deadline, or an HTTPS agent of their own in place of the service's. */
export interface PushRigOptions {
  deadlineMs?: number;
  agent?: Agent;
  /** Whether the test service's `host:port` is accepted besides the browsers' push services (yes by default). */
  acceptService?: boolean;
}

export async function pushRig(root: string, service: TestPushService, options: PushRigOptions = {}): Promise<PushRig> {
  const socket = join(root, 'run', 'app.sock');
  const clock = { now: Date.UTC(2030, 0, 1) };
  const log: string[] = [];
  const openAgent = async () => {
    const agent = await openCollie({ socket, hostName: 'desk', caps: { asks: true }, log: () => {} });
    agent.ready();
    return agent;
  };
  const open = () =>
    startBridge({
      sources: [{ name: 'desk', address: { kind: 'socket', path: socket } }],
      durable: true,
      stateDir: join(root, 'state'),
      host: '127.0.0.1',
      port: 0,
      log: (line) => log.push(line),
      push: {
        now: () => clock.now,
        agent: options.agent ?? service.agent,
        hosts: options.acceptService === false ? [] : [service.host],
        ...(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {}),
      },
    });
  const rig: PushRig = {
    agent: await openAgent(),
    bridge: await open(),
    clock,
    log,
    async settle() {
      await rig.bridge.agents.get('desk')!.poller.poll();
      await rig.bridge.push.settled();
    },
    async phone(role = 'control') {
      const cookie = await pairedCookie(rig.bridge.devices, role);
      const sub = service.subscribe();
      const reply = await rig.api('POST', '/api/push/subscription', cookie, sub.json);
      if (reply.status !== 200) throw new Error(`subscribing failed: ${reply.status} ${await reply.text()}`);
      return { cookie, sub };
    },
    pane: (id, title = `Conversation ${id}`) => rig.agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane(id, { title }),
    ask(pane, toolCallId, title = `Question ${toolCallId}?`) {
      void pane.ask({ kind: 'choice', toolCallId, title, multiple: false, options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
    },
    api: (method, path, cookie, body) =>
      fetch(new URL(path, rig.bridge.url), {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    async restartBridge(between) {
      await rig.bridge.close();
      await between?.();
      rig.bridge = await open();
    },
    async restartAgent() {
      await rig.agent.close();
      rig.agent = await openAgent();
    },
    async close() {
      await rig.bridge.close();
      await rig.agent.close();
    },
  };
  return rig;
}

/** What a push test file holds: the file's one push service, and this test's bridge rig and folder. */
export interface PushTest {
  service: TestPushService;
  rig: PushRig;
  dir: TempDir;
}

/**
 * Registers the hooks every push test file needs: one HTTPS push service (with its test CA) for
 * the file, a fresh folder and bridge rig per test, all closed after. Read the fields inside tests.
 */
export function pushTestPerFile(options: PushRigOptions = {}): PushTest {
  const held = {} as PushTest;
  let caDir: TempDir;
  beforeAll(async () => {
    caDir = await tempDir();
    held.service = await startPushService(caDir.path);
  });
  afterAll(async () => {
    await held.service.close();
    await caDir.cleanup();
  });
  beforeEach(async () => {
    held.service.received.length = 0;
    held.service.stalled.length = 0;
    held.dir = await tempDir();
    held.rig = await pushRig(held.dir.path, held.service, options);
  });
  afterEach(async () => {
    await held.rig.close();
    await held.dir.cleanup();
  });
  return held;
}
