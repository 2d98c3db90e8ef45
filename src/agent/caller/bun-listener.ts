import type { Server } from 'node:http';
import { Duplex } from 'node:stream';
import { placeCaller, type CallerPlace } from './process-tree';

/** Set on a connection the caller check refused: its reads are answered, its writes are `403 caller-refused`. */
export const CALLER_REFUSED = Symbol('collie.callerRefused');

/** What Bun gives for one accepted socket (its file descriptor is what the kernel is asked about). */
interface BunSocket {
  fd: number;
  data: Connection | undefined;
  write(chunk: Uint8Array): number;
  end(): void;
}

interface BunListener {
  stop(closeActive?: boolean): void;
}

export interface BunGlobal {
  listen(options: {
    unix: string;
    socket: {
      open(socket: BunSocket): void;
      data(socket: BunSocket, chunk: Uint8Array): void;
      drain(socket: BunSocket): void;
      close(socket: BunSocket): void;
      error(socket: BunSocket, error: Error): void;
    };
  }): BunListener;
}

/** The `Bun` global, under Bun only. */
export function bunRuntime(): BunGlobal {
  const bun = (globalThis as { Bun?: BunGlobal }).Bun;
  if (!bun) throw new Error('the caller check runs under Bun only');
  return bun;
}

/** Bun's FFI module: named by a constant, so Node (and a bundler) never resolve it. */
const BUN_FFI: string = 'bun:ffi';

/** Linux's `SOL_SOCKET` and `SO_PEERCRED` (asm-generic), and `PR_SET_CHILD_SUBREAPER`. */
const SOL_SOCKET = 1;
const SO_PEERCRED = 17;
const PR_SET_CHILD_SUBREAPER = 36;

export interface PeerCredentials {
  /** The pid of the process that connected, as the kernel recorded it; 0 when it could not say. */
  peerPid(fd: number): number;
  /** Keeps every descendant of this process under it, also after its parent exits (so it cannot leave the tree by being re-parented). */
  becomeSubreaper(): boolean;
}

/** libc through Bun's FFI: one `getsockopt` per connection, one `prctl` per start. */
export async function bunPeerCredentials(): Promise<PeerCredentials> {
  const ffi = (await import(BUN_FFI)) as {
    dlopen(lib: string, symbols: Record<string, { args: string[]; returns: string }>): { symbols: Record<string, (...args: unknown[]) => number> };
    ptr(view: ArrayBufferView): unknown;
  };
  const libc = ffi.dlopen('libc.so.6', {
    getsockopt: { args: ['i32', 'i32', 'i32', 'ptr', 'ptr'], returns: 'i32' },
    prctl: { args: ['i32', 'u64', 'u64', 'u64', 'u64'], returns: 'i32' },
  });
  return {
    peerPid(fd) {
      // struct ucred { pid_t pid; uid_t uid; gid_t gid; }
      const cred = new Int32Array(3);
      const length = new Uint32Array([cred.byteLength]);
      const rc = libc.symbols.getsockopt!(fd, SOL_SOCKET, SO_PEERCRED, ffi.ptr(cred), ffi.ptr(length));
      return rc === 0 && length[0] === cred.byteLength ? cred[0]! : 0;
    },
    becomeSubreaper: () => libc.symbols.prctl!(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) === 0,
  };
}

/**
 * Listens on the Unix socket with Bun's own sockets (they give their file descriptor, Node's do
 * not), asks the kernel once per connection who connected, places that process in the tree, and
 * hands the connection to the wire's HTTP server. A connection from the agent itself, a process it
 * started at any depth, or a caller it cannot place is marked refused: its writes are refused.
 * Returns a closer: `false` stops new connections only, `true` ends the open ones too.
 */
export function listenCheckingCallers(
  bun: BunGlobal,
  path: string,
  server: Server,
  peers: PeerCredentials,
  onPlace: (place: CallerPlace) => void = () => {},
): (closeActive: boolean) => void {
  const listener = bun.listen({
    unix: path,
    socket: {
      open(socket) {
        const place = placeCaller(peers.peerPid(socket.fd), process.pid);
        onPlace(place);
        const state: Connection = { stream: undefined as unknown as Duplex, waiting: [] };
        // Bun writes what it can now; the rest waits for its drain.
        const push = (chunk: Buffer) => {
          const sent = state.waiting.length > 0 ? 0 : Math.max(0, socket.write(chunk));
          if (sent < chunk.length) state.waiting.push(chunk.subarray(sent));
        };
        state.stream = new Duplex({
          read() {},
          write(chunk: Buffer, _encoding, done) {
            push(chunk);
            done();
          },
          final(done) {
            socket.end();
            done();
          },
          destroy(_err, done) {
            socket.end();
            done(null);
          },
        });
        (state.stream as Duplex & { [CALLER_REFUSED]?: boolean })[CALLER_REFUSED] = place !== 'other';
        socket.data = state;
        server.emit('connection', state.stream);
      },
      data: (socket, chunk) => void socket.data?.stream.push(Buffer.from(chunk)),
      drain(socket) {
        const state = socket.data;
        if (!state) return;
        const left = state.waiting;
        state.waiting = [];
        for (const chunk of left) {
          const sent = state.waiting.length > 0 ? 0 : Math.max(0, socket.write(chunk));
          if (sent < chunk.length) state.waiting.push(chunk.subarray(sent));
        }
      },
      close: (socket) => void socket.data?.stream.push(null),
      error: (socket) => void socket.data?.stream.destroy(),
    },
  });
  return (closeActive) => listener.stop(closeActive);
}

interface Connection {
  stream: Duplex;
  waiting: Buffer[];
}
