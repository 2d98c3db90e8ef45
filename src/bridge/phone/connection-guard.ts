import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface WaitingLimits {
  /** Connections whose first request's headers have not arrived yet, in all. */
  waitingAtOnce: number;
  /** …and from one address. */
  waitingPerAddress: number;
}

/**
 * Keeps strangers from starving a paired phone of connections. Until a connection's first
 * request has arrived whole (headers), nobody can tell a phone from a stranger, so such
 * connections are capped, in all and per address: past a cap the oldest one still waiting is
 * closed, never the newest, so a phone that arrives during a flood of half-sent requests (which
 * Node's `headersTimeout` would only cut after seconds) has its few bytes read and is answered.
 * Once a request has arrived the connection is the route's business (the pairing gate, the
 * held-poll cap). Counted from the TCP connection on, so a TLS handshake left hanging waits too.
 */
export function guardWaitingConnections(server: Server, limits: WaitingLimits): void {
  // Insertion order is age: the first entry is the oldest connection still waiting.
  const waiting = new Map<string, { socket: Socket; address: string }>();
  const keyOf = (socket: { remoteAddress?: string | undefined; remotePort?: number | undefined }) => `${socket.remoteAddress ?? '?'}|${socket.remotePort ?? '?'}`;
  const closeOldest = (from: (address: string) => boolean) => {
    for (const [key, entry] of waiting)
      if (from(entry.address)) {
        waiting.delete(key);
        entry.socket.destroy();
        return;
      }
  };

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '?';
    const key = keyOf(socket);
    waiting.set(key, { socket, address });
    socket.once('close', () => waiting.get(key)?.socket === socket && waiting.delete(key));
    let fromAddress = 0;
    for (const entry of waiting.values()) if (entry.address === address) fromAddress += 1;
    if (fromAddress > limits.waitingPerAddress) closeOldest((a) => a === address);
    if (waiting.size > limits.waitingAtOnce) closeOldest(() => true);
  });
  // A TLS socket reports the same remote address and port as the TCP connection under it.
  server.on('request', (req: { socket: Socket }) => void waiting.delete(keyOf(req.socket)));
}
