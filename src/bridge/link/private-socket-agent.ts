import { Agent, type ClientRequestArgs } from 'node:http';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { AddressRefused } from './address-refused';
import { checkSocketPrivacy } from './socket-privacy';
import { TransportError } from './transport';

/** Idle connections kept per agent: polls and writes rarely overlap. */
const KEPT_SOCKETS = 2;

/**
 * Keep-alive connections to one agent's private socket. The privacy walk (docs/bridge.md §3) runs
 * before every new connection, as it ran before every request when each request had its own:
 * a connection already open was checked when it was made, so a poll that reuses it does not
 * walk the path again (the walk was a large share of an idle poll's cost; figures:
 * docs/performance.md).
 */
export class PrivateSocketAgent extends Agent {
  /** How many times the path was walked: one per connection made (the benchmark reads it). */
  walks = 0;

  constructor(private readonly socketPath: string) {
    super({ keepAlive: true, maxSockets: 4, maxFreeSockets: KEPT_SOCKETS, timeout: 30_000 });
  }

  override createConnection(_options: ClientRequestArgs, callback?: (err: Error | null, stream: Duplex) => void): Duplex | null | undefined {
    this.walks += 1;
    void checkSocketPrivacy(this.socketPath).then(
      (privacy) => {
        if (privacy.ok) return callback?.(null, connect(this.socketPath));
        const refused = privacy.missing ? new TransportError('no-socket', privacy.reason) : new AddressRefused(privacy.reason);
        callback?.(refused, undefined as unknown as Duplex);
      },
      (err: unknown) => callback?.(err instanceof Error ? err : new Error(String(err)), undefined as unknown as Duplex),
    );
    return undefined; // the socket comes through the callback, once the walk is done
  }
}
