/**
 * The push room: notifications for questions (docs/bridge.md §8). It owns the bridge's VAPID keys
 * (`push-keys.ts`), the devices' push subscriptions (`subscriptions.ts`), what push remembers
 * across restarts — the asks decided and the limits' windows (`push-state.ts`, `push-limiter.ts`)
 * — the payloads (`push-payloads.ts`, shape in `src/wire/push-payload.ts`), sending them with
 * `web-push` (`push-sender.ts`), the watcher that decides, once per ask, what is pushed
 * (`push-watcher.ts`) from what it watches (`push-source.ts`: the attached agents, and on the
 * lead of a crew its members' asks), and the phone's push routes (`push-routes.ts`). Everything it keeps is in
 * `<state>/push/`, 0600 in a 0700 folder.
 */
import type { Agent } from 'node:https';
import { privateFolder } from '../fs/state-dir';
import type { DeviceStore } from '../pairing/device-store';
import type { AgentStore } from '../poll/agent-store';
import { pushFolder, PushKeys, readKeys } from './push-keys';
import { PushLimiter } from './push-limiter';
import { PushSender } from './push-sender';
import { readPushState } from './push-state';
import { storeSource, type PushSource } from './push-source';
import { PushWatcher } from './push-watcher';
import { SubscriptionStore } from './subscriptions';

export interface PushOptions {
  stateDir: string;
  devices: DeviceStore;
  stores: readonly AgentStore[];
  /** More to watch besides the attached agents: on the lead of a crew, its members' asks (crew/crew-push.ts). */
  sources?: readonly PushSource[];
  log: (line: string) => void;
  /** Tests: a fake clock for the limits, an HTTPS agent that trusts their own push service, its `host:port`, a shorter deadline. */
  now?: () => number;
  agent?: Agent;
  hosts?: readonly string[];
  deadlineMs?: number;
}

export interface PushRoom {
  keys: PushKeys;
  /** A test's own push service's `host:port`, which a subscription may name besides the browsers' (push-hosts.ts). */
  extraHosts: readonly string[];
  subscriptions: SubscriptionStore;
  sender: PushSender;
  watcher: PushWatcher;
  /** Resolves once every change heard so far was decided, and every write and push begun is done. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function openPush(options: PushOptions): Promise<PushRoom> {
  const { stateDir, log, devices } = options;
  const now = options.now ?? Date.now;
  await privateFolder(pushFolder(stateDir));
  const keys = new PushKeys(stateDir, await readKeys(stateDir, log), log);
  const extraHosts = options.hosts ?? [];
  const subscriptions = await SubscriptionStore.open(stateDir, log, now, extraHosts);
  // A device revoked while the bridge was stopped (or a revoke whose write failed) takes its subscriptions along now.
  const paired = new Set(devices.list().map((d) => d.id));
  for (const sub of [...subscriptions.all()]) if (!paired.has(sub.deviceId)) await subscriptions.remove(sub.deviceId);
  const stopRevoke = devices.onRevoke((id) => {
    subscriptions.remove(id).catch((err: unknown) => log(`[bridge] push: the subscriptions of ${id} were not deleted: ${err instanceof Error ? err.message : String(err)}`));
  });
  const { state, seedOnly } = await readPushState(stateDir, log);
  const sender = new PushSender(keys, subscriptions, log, {
    extraHosts,
    ...(options.agent ? { agent: options.agent } : {}),
    ...(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {}),
  });
  const mayAct = (deviceId: string) => devices.get(deviceId)?.role === 'control';
  const watcher = new PushWatcher(stateDir, state, seedOnly, new PushLimiter(state.limits, now), sender, subscriptions, log, mayAct);
  const stopWatching = watcher.watch([...options.stores.map(storeSource), ...(options.sources ?? [])]);
  const settled = async () => {
    await watcher.settled();
    await sender.settled();
    await subscriptions.settled();
  };
  return {
    keys,
    extraHosts,
    subscriptions,
    sender,
    watcher,
    settled,
    async close() {
      stopWatching();
      stopRevoke();
      await watcher.settled();
      sender.close();
      await settled();
    },
  };
}
