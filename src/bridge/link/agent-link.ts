/**
 * The link room: how the bridge reaches one agent. A private socket (after the privacy walk in
 * `socket-privacy.ts`) or HTTPS with a bearer token (`transport-url.ts`), each exchange under a
 * deadline and a reply cap, the version header, and the sentence for a version mismatch.
 */
import { WIRE_PREFIX } from '../../wire/agent-paths';
import { REPLY_LIMITS, type ReplyKind } from '../../wire/limits';
import { VERSION_HEADER } from '../../wire/wire-protocol';
import type { AgentSource } from '../config/config';
import { AddressRefused } from './address-refused';
import { PrivateSocketAgent } from './private-socket-agent';
import { checkToken, checkUrl } from '../config/source-rules';
import { callSocket, TransportError, type WireResponse } from './transport';
import { callUrl, type UrlTls } from './transport-url';

/** Deadlines for the whole exchange, per route class (docs/bridge.md §3). */
export const DEADLINES = {
  socket: { read: 1000, write: 3000, starter: 30000 },
  url: { read: 5000, write: 5000, starter: 30000 },
} as const;

export type RouteClass = keyof (typeof DEADLINES)['socket'];
export type Deadlines = { readonly [K in keyof typeof DEADLINES]: { readonly [R in RouteClass]: number } };

export { AddressRefused };

/**
 * How the bridge reaches one agent: checks the address before every connect, adds the version
 * header once negotiated, and applies each route's deadline and reply limit.
 */
export class AgentLink {
  /** The wire version picked at hello; null until then. */
  version: number | null = null;
  /** Kept-alive connections to the agent's socket, each made after the privacy walk. */
  readonly sockets: PrivateSocketAgent | null;

  /**
   * `tls` adds trust for a test's own CA; production uses the system's certificates only.
   * `deadlines`: tests about something else than time (memory, say) give a loaded machine room.
   */
  constructor(
    private readonly source: AgentSource,
    private readonly tls?: UrlTls,
    private readonly deadlines: Deadlines = DEADLINES,
  ) {
    this.sockets = source.address?.kind === 'socket' ? new PrivateSocketAgent(source.address.path) : null;
  }

  /** Closes the kept connections (the bridge is stopping or restarting). */
  close(): void {
    this.sockets?.destroy();
  }

  get where(): 'here' | 'elsewhere' {
    return this.source.address?.kind === 'url' ? 'elsewhere' : 'here';
  }

  /** True on the token transport, where a 401 or 403 means the agent refused the token. */
  get usesToken(): boolean {
    return this.source.address?.kind === 'url';
  }

  async call(
    reply: ReplyKind,
    routeClass: RouteClass,
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; withVersion?: number | null } = {},
  ): Promise<WireResponse> {
    const headers: Record<string, string> = { ...options.headers };
    const version = options.withVersion === undefined ? this.version : options.withVersion;
    if (version !== null) headers[VERSION_HEADER] = String(version);
    const address = this.source.address;
    if (!address) throw new AddressRefused(this.source.problem ?? 'no address is configured');
    const call = {
      method,
      path: `${WIRE_PREFIX}${path}`,
      headers,
      body: method === 'POST' ? (options.body ?? {}) : undefined,
      deadlineMs: this.deadlines[address.kind][routeClass],
      maxBytes: REPLY_LIMITS[reply],
    };
    if (address.kind === 'socket') return callSocket(address.path, call, this.sockets ?? false);
    // Checked again before every call, as the socket's privacy walk is: a bad address never dials.
    const refused = checkUrl(address.url) ?? checkToken(address.token);
    if (refused) throw new AddressRefused(refused);
    return callUrl(address.url, address.token, call, this.tls);
  }
}

export { TransportError };
