import type { Server } from 'node:http';
import type { ServerOptions as TlsOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Caps } from '../wire/types';
import { AgentState, capsFrom } from './agent-state';
import { ConversationBook } from './conversations';
import { createWireServer } from './http-server';
import { kitApi, type KitApi } from './kit-api';
import { ConversationStore } from './persist';
import type { WriteContext } from './routes-write';
import { prepareSocketPath, restrictSocket } from './socket-dir';
import { createTokenCheck, tokensFromEnv, type TokenCheck } from './token-check';
import { startNextQueued } from './turns';
import { planCallerCheck, type CallerCheck } from './caller/caller-check';
import { bunPeerCredentials, bunRuntime, listenCheckingCallers } from './caller/bun-listener';
import { ptraceWarning } from './caller/ptrace-warning';

/*
 * The kit's one entry: what `@colliepwa/durable-sdk` exports is what this file exports, and the
 * repository's own demos and tests import the kit from here as a builder imports the package.
 */
export * from './kit-exports';
export type { CallerCheck } from './caller/caller-check';
export { CallerCheckUnavailable } from './caller/caller-check';

/** How long close() lets replies in flight finish. */
const CLOSE_GRACE_MS = 2000;

export interface OpenCollieOptions {
  /** Socket transport: an absolute path (folder made 0700, socket 0600). */
  socket?: string;
  /** Token transport: a TCP port (0 picks one), served over TLS when `tls` is given. */
  port?: number;
  /** Token transport: the address to bind, 127.0.0.1 unless said otherwise. */
  host?: string;
  tls?: TlsOptions;
  /** Token transport: accepted tokens; defaults to COLLIE_TOKEN and COLLIE_TOKEN_NEXT. */
  tokens?: string[];
  hostName: string;
  /** Shown on the phone; default the runtime as itself (`bun 1.4.4`, `node 20.20.2`). */
  runtime?: string;
  /**
   * Socket transport: refuse writes from this agent's own processes (`403 caller-refused`).
   * Default on under Bun on Linux; under Bun elsewhere the start fails unless it is "off"; Node
   * cannot check (it says so in one log line). WIRE.md §17.
   */
  callerCheck?: CallerCheck;
  caps?: Partial<Caps>;
  /** A folder to keep conversations in, so a restart shows them again. */
  dataDir?: string;
  log?: (line: string) => void;
}

export interface Collie extends KitApi {
  /** The socket path, or `http(s)://host:port`. */
  readonly address: string;
  /** @internal The kit's own state, for the repository's tests; not part of the package's API. */
  readonly state: AgentState;
  /**
   * Token transport: the tokens accepted from the next request on, so a token rotates without a
   * restart (the environment of a running process cannot change): accept the old and the new,
   * move the bridge to the new one, then accept only the new. Throws on a socket, or with no token.
   */
  setTokens(tokens: string[]): void;
  close(): Promise<void>;
}

/** Starts a durable agent on a private socket (or behind a token) and returns the kit's API. */
export async function openCollie(options: OpenCollieOptions): Promise<Collie> {
  const log = options.log ?? ((line: string) => console.error(line));
  let store: ConversationStore | undefined;
  let book = new ConversationBook();
  if (options.dataDir) {
    store = new ConversationStore(options.dataDir, () => book.records(), log);
    book = new ConversationBook(await store.load());
  }
  const state = new AgentState(options.hostName, capsFrom(options.caps), options.runtime, book);
  if (store) state.onChange = () => store.changed();
  const ctx: WriteContext = { state, handlers: {}, starters: new Map(), log };
  state.onTurnEnd = (pane) => startNextQueued(state, pane, ctx.handlers.send, log);
  const { server, address, stopListening, tokenCheck } = await startTransport(ctx, options);

  return {
    address,
    state,
    ...kitApi(ctx),
    setTokens(tokens) {
      if (!tokenCheck) throw new Error('the socket transport has no token');
      tokenCheck.replace(tokens);
    },
    async close() {
      for (const pane of state.panes.values()) {
        for (const open of pane.openAsks.values()) if (open.timer) clearTimeout(open.timer);
        pane.running?.controller.abort();
      }
      await store?.flush();
      // Bun's listener (the caller check's) takes no new connections; its open ones end with the grace below.
      stopListening?.(false);
      // Replies in flight (such as the one that answered the last ask) still go out.
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => {
          server.closeAllConnections();
          stopListening?.(true);
          // Connections handed over by Bun's listener are not the server's own: its close may never call back.
          resolve();
        }, CLOSE_GRACE_MS).unref();
      });
    },
  };
}

interface Transport {
  server: Server;
  address: string;
  stopListening?: (closeActive: boolean) => void;
  /** The token transport's check (its tokens can change while the agent runs). */
  tokenCheck?: TokenCheck;
}

async function startTransport(ctx: WriteContext, options: OpenCollieOptions): Promise<Transport> {
  if (options.socket !== undefined && options.port !== undefined) throw new Error('give socket or port, not both');
  if (options.socket !== undefined) {
    const plan = planCallerCheck(options.callerCheck);
    await prepareSocketPath(options.socket);
    const server = createWireServer(ctx);
    ctx.state.callerCheck = plan.check;
    if (plan.check === 'off') {
      ctx.log(plan.line);
      await listen(server, options.socket);
      await restrictSocket(options.socket);
      return { server, address: options.socket };
    }
    // Bun on Linux: Bun's own listener, which knows each connection's descriptor, asks the kernel who connected.
    const peers = await bunPeerCredentials();
    if (!peers.becomeSubreaper()) ctx.log('[agent] could not become a child subreaper: a process this agent started whose parent exits may escape the caller check');
    const ptrace = ptraceWarning();
    if (ptrace) ctx.log(ptrace);
    const stopListening = listenCheckingCallers(bunRuntime(), options.socket, server, peers);
    await restrictSocket(options.socket);
    return { server, address: options.socket, stopListening };
  }
  if (options.port === undefined) throw new Error('give a socket path or a port');
  const tokenCheck = createTokenCheck(options.tokens ?? tokensFromEnv());
  const server = createWireServer(ctx, { tokenCheck, tls: options.tls });
  const host = options.host ?? '127.0.0.1';
  await listen(server, options.port, host);
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return { server, address: `${options.tls ? 'https' : 'http'}://${shownHost}:${port}`, tokenCheck };
}

function listen(server: Server, ...where: [string] | [number, string]): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(...(where as [number, string]), () => {
      server.off('error', reject);
      resolve();
    });
  });
}
