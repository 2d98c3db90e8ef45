/**
 * The composition root: builds each agent's handle (link, store, cache, poller, ledger), the poll
 * scheduler and the phone server, and closes them again. Which folder holds what: docs/README.md.
 */
import { pairingLink } from '../wire/pairing-link';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AgentHandle } from './agent-handle';
import { AgentLink } from './link/agent-link';
import { AgentStore } from './poll/agent-store';
import type { AgentSource } from './config/config';
import { AuditLog } from './acts/audit-log';
import { ConversationLocks } from './acts/conversation-lock';
import { DiskCache } from './poll/disk-cache';
import { Ledger } from './receipts/ledger';
import { PollScheduler } from './poll/poll-scheduler';
import { Poller } from './poll/poller';
import type { PHONE_LIMITS } from './phone/phone-deps';
import { createPhoneServer } from './phone/phone-server';
import { controlSocketPath } from './control/control-paths';
import { serveControl } from './control/control-server';
import type { Role } from './pairing/device-file';
import { DeviceStore } from './pairing/device-store';
import { Invitations } from './pairing/invitations';
import { PairingRequests } from './pairing/pairing-requests';
import { placeControlCaller } from './control/control-caller';
import type { LinkMadeJson } from '../wire/pairing-json';
import { agentStateDir, privateFolder } from './fs/state-dir';
import { openPush, type PushOptions, type PushRoom } from './push/push';
import { Crew } from './crew/crew';
import type { CrewOptions, OwnOrigin } from './crew/crew-terms';
import { CrewViews, type CrewViewsOptions } from './crew/crew-views';
import { crewPushSource } from './crew/crew-push';
import { CrewActs } from './crew/crew-acts';

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
  /** Serve HTTPS with this certificate and key (PEM), so a phone can install the app. */
  tls?: { cert: string; key: string };
  /** Origins the phone uses for this bridge behind a TLS proxy (`--public-origin`); the first is the one links name. */
  publicOrigins?: string[];
  /** Tests: the push room's fake clock, an HTTPS agent trusting their own push service, its host, a shorter deadline. */
  push?: Pick<PushOptions, 'now' | 'agent' | 'hosts' | 'deadlineMs'>;
  /**
   * The agents are first read once this settles: `collie start --demo` listens while its demo agent
   * still starts, and the agent shows as starting, not as unreachable, until it is up.
   */
  pollAfter?: Promise<unknown>;
  /** Tests: trust for the other bridges' throwaway CA, a fake clock, shorter deadlines. */
  crew?: Pick<CrewOptions, 'tls' | 'now' | 'limits'> & Pick<CrewViewsOptions, 'read'>;
}

export interface RunningBridge {
  /** Where the bridge listens, as an origin with a trailing slash. */
  url: string;
  /** The origin a phone opens: the first public origin, else `url`'s. */
  origin: string;
  agents: Map<string, AgentHandle>;
  devices: DeviceStore;
  push: PushRoom;
  crew: Crew;
  /** A one-time invitation: the link carries its secret in the fragment only. */
  invite(options?: { name?: string | null; role?: Role; made?: LinkMadeJson | null }): { link: string; expiresAt: number };
  close(): Promise<void>;
}

/** Starts the pollers and the phone server. */
export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  await privateFolder(options.stateDir);
  const devices = await DeviceStore.open(options.stateDir, options.log);
  const crew = await Crew.open({ stateDir: options.stateDir, log: options.log, ...options.crew });
  const crewViews = new CrewViews(crew, { log: options.log, ...(options.crew?.tls ? { tls: options.crew.tls } : {}), ...(options.crew?.read ? { read: options.crew.read } : {}) });
  const invitations = new Invitations();
  const pairingRequests = new PairingRequests();
  const audit = new AuditLog(options.stateDir, options.auditContent === 'none', options.log);
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

  const push = await openPush({
    stateDir: options.stateDir,
    devices,
    stores: [...agents.values()].map((h) => h.store),
    // On the lead of a crew, its members' questions too, from the dashboards it mirrors anyway.
    sources: [crewPushSource(crewViews, options.log)],
    log: options.log,
    ...options.push,
  });
  const scheduler = new PollScheduler(
    [...agents.values()].map((handle) => ({ poll: () => handle.poller.poll(), transport: handle.link.usesToken ? 'url' : 'socket', status: () => handle.store.status })),
  );
  let closed = false;
  void Promise.allSettled([options.pollAfter]).then(() => closed || scheduler.start());

  const publicOrigins = options.publicOrigins ?? [];
  const server = createPhoneServer({
    host: options.host,
    agents,
    locks: new ConversationLocks(),
    audit,
    durable: options.durable,
    phoneLooking: () => scheduler.phoneLooking(),
    log: options.log,
    devices,
    invitations,
    pairingRequests,
    secure: options.tls !== undefined,
    publicHosts: publicOrigins.map((origin) => new URL(origin).host),
    appDir: options.appDir,
    push,
    limits: options.phoneLimits,
    crew,
    crewViews,
    crewActs: new CrewActs(crewViews, options.stateDir, options.log, options.crew?.tls),
    ...(options.tls ? { tls: options.tls } : {}),
  });
  await listen(server, options.port, options.host).catch((err: unknown) => {
    crewViews.close();
    throw err;
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `${options.tls ? 'https' : 'http'}://${shownHost}:${address.port}/`;
  const origin = publicOrigins[0] ?? url.slice(0, -1);
  crew.serving(crewOrigin(publicOrigins[0], options.tls ? url : null, address.address));
  const invite = ({ name = null, role = 'control', made = { by: 'collie start' } }: { name?: string | null; role?: Role; made?: LinkMadeJson | null } = {}) => {
    const { secret, expiresAt } = invitations.create({ name, role, made });
    return { link: pairingLink(origin, secret), expiresAt };
  };
  const control = await serveControl(controlSocketPath(options.stateDir), {
    agents,
    placeCaller: (socket) => placeControlCaller(socket, options.sources),
    durable: options.durable,
    startedAt: Date.now(),
    devices,
    audit,
    invite,
    crew,
    log: options.log,
  }).catch(async (err: unknown) => {
    crewViews.close();
    await closeServer(server);
    throw err;
  });
  return {
    url,
    origin,
    agents,
    devices,
    push,
    crew,
    invite,
    async close() {
      closed = true;
      scheduler.stop();
      crewViews.close();
      await Promise.all([closeServer(server), closeServer(control)]);
      await push.close();
      for (const handle of agents.values()) handle.link.close();
      await Promise.all(caches.map((cache) => cache.flush()));
      await devices.settled();
      await crew.settled();
    },
  };
}

/**
 * The HTTPS origin this bridge gives a lead when it joins a crew: its public origin, else its own
 * TLS address; none over plain HTTP, nor on an address that names no one machine.
 */
function crewOrigin(publicOrigin: string | undefined, tlsUrl: string | null, bound: string): OwnOrigin {
  if (publicOrigin) return { origin: publicOrigin };
  if (!tlsUrl) {
    return {
      origin: null,
      why: 'this bridge serves plain HTTP, and bridges of a crew speak HTTPS only: start it with --tls-cert and --tls-key, or behind a TLS proxy with --public-origin',
    };
  }
  if (bound === '0.0.0.0' || bound === '::') {
    return {
      origin: null,
      why: `this bridge listens on every address (${bound}): give --public-origin https://<the name its certificate holds>:<port>, where the lead reaches it`,
    };
  }
  return { origin: tlsUrl.slice(0, -1) };
}

function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
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
