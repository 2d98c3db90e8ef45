/**
 * The composition root: builds each agent's handle (link, store, cache, poller, ledger), the poll
 * scheduler and the phone server, and closes them again. The rooms: cli/ (verbs), config/ (which
 * agents), link/ (reaching one), poll/ (reading and keeping), acts/ (writing at most once),
 * phone/ (the phone's API and app), fs/ (private files), check/ (conformance), bench/, testing/.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AgentHandle } from './agent-handle';
import { AgentLink } from './link/agent-link';
import { AgentStore } from './poll/agent-store';
import type { AgentSource } from './config/config';
import { AuditLog } from './acts/audit-log';
import { ConversationLocks } from './acts/conversation-lock';
import { DiskCache } from './poll/disk-cache';
import { Ledger } from './acts/ledger';
import { PollScheduler } from './poll/poll-scheduler';
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

  const scheduler = new PollScheduler(
    [...agents.values()].map((handle) => ({ poll: () => handle.poller.poll(), transport: handle.link.usesToken ? 'url' : 'socket', status: () => handle.store.status })),
  );
  scheduler.start();

  const server = createPhoneServer({
    host: options.host,
    agents,
    locks: new ConversationLocks(),
    audit: new AuditLog(options.stateDir, options.auditContent === 'none', options.log),
    durable: options.durable,
    phoneLooking: () => scheduler.phoneLooking(),
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
      scheduler.stop();
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
