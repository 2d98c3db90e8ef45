import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AgentHandle } from './agent-handle';
import { AgentLink } from './link/agent-link';
import { AgentStore } from './poll/agent-store';
import type { AgentSource } from './config/config';
import { isDown, LOOKING_WINDOW_MS, pollDelay } from './poll/cadence';
import { AuditLog } from './acts/audit-log';
import { ConversationLocks } from './acts/conversation-lock';
import { DiskCache } from './poll/disk-cache';
import { Ledger } from './acts/ledger';
import { Poller } from './poll/poller';
import type { PHONE_LIMITS } from './phone/phone-deps';
import { createPhoneServer } from './phone/phone-server';
import { agentStateDir, privateFolder } from './fs/state-dir';


export interface BridgeOptions {
  sources: AgentSource[];
  durable: boolean;
  stateDir: string;
  host: string;
  port: number;
  log: (line: string) => void;
  appDir?: string;
  /** `none` (COLLIE_AUDIT_CONTENT=none) masks the audit log's strings but the named ids. */
  auditContent?: string;
  /** Tests shorten the phone API's deadlines and caps. */
  phoneLimits?: Partial<typeof PHONE_LIMITS>;
}

export interface RunningBridge {
  url: string;
  agents: Map<string, AgentHandle>;
  close(): Promise<void>;
}

/** Starts the pollers and the phone server. */
export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  await privateFolder(options.stateDir);
  const agents = new Map<string, AgentHandle>();
  const caches: DiskCache[] = [];
  let lastLook = 0;
  let readsHeld = 0;
  for (const source of options.sources) {
    const folder = await agentStateDir(options.stateDir, source.name);
    if (source.problem) options.log(`[bridge] ${source.name}: ${source.problem}`);
    const link = new AgentLink(source);
    const store = new AgentStore(source.name, link.where);
    const cache = new DiskCache(folder, store, options.log);
    await cache.load();
    store.onChange(() => cache.changed());
    caches.push(cache);
    const ledger = await Ledger.open(folder, options.log);
    agents.set(source.name, { store, link, poller: new Poller(store, link, options.log), ledger });
  }

  const pending = new Map<AgentHandle, ReturnType<typeof setTimeout>>();
  let closing = false;
  const looking = () => readsHeld > 0 || Date.now() - lastLook < LOOKING_WINDOW_MS;
  const loop = (handle: AgentHandle) => {
    if (closing) return;
    void handle.poller.poll().finally(() => {
      if (closing) return;
      const delay = pollDelay(handle.link.usesToken ? 'url' : 'socket', looking(), handle.store.status);
      pending.set(handle, setTimeout(() => {
        pending.delete(handle);
        loop(handle);
      }, delay));
    });
  };
  /** A phone just started looking: read the agents that are up now, not at their idle pace. */
  const wake = () => {
    for (const [handle, timer] of pending) {
      if (handle.link.usesToken && isDown(handle.store.status)) continue; // billed polls: at most every 10 s
      clearTimeout(timer);
      pending.delete(handle);
      loop(handle);
    }
  };
  for (const handle of agents.values()) loop(handle);

  const server = createPhoneServer({
    host: options.host,
    agents,
    locks: new ConversationLocks(),
    audit: new AuditLog(options.stateDir, options.auditContent === 'none', options.log),
    durable: options.durable,
    phoneLooking: () => {
      if (!looking()) wake();
      readsHeld += 1;
      return () => {
        readsHeld -= 1;
        lastLook = Date.now();
      };
    },
    log: options.log,
    appDir: options.appDir,
    limits: options.phoneLimits,
  });
  await listen(server, options.port, options.host);
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/`,
    agents,
    async close() {
      closing = true;
      for (const timer of pending.values()) clearTimeout(timer);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await Promise.all(caches.map((cache) => cache.flush()));
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
