import { connect } from 'node:net';

/** How long a socket is given to take a connection (the hello deadline). */
export const CONNECT_MS = 1000;

/**
 * Whether something takes a connection on a Unix socket: null when it does, else why not (the
 * error code, or `timeout`). The one probe for the doctor, `attach` and the bridge's own sockets.
 */
export function tryConnect(path: string): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect({ path });
    const done = (result: string | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => done('timeout'), CONNECT_MS);
    socket.once('connect', () => done(null));
    socket.once('error', (err: NodeJS.ErrnoException) => done(err.code ?? err.message));
  });
}
