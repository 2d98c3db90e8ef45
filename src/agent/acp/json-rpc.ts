import type { Readable, Writable } from 'node:stream';

/**
 * JSON-RPC 2.0 over an ACP agent's stdin and stdout, one message a line (the Agent Client
 * Protocol's stdio transport). The agent is a program, not a friend: a line that is not JSON, a
 * message of no known shape, a reply to nothing asked, a line longer than `maxLineBytes` (read
 * past, never held) and a request under an id it already has open are each dropped with one line said
 * (at most `LOG_EVERY` a minute of a kind); nothing it sends can stop the host.
 */
export interface JsonRpcOptions {
  /** The longest line kept; past it, the line is read and thrown away as it comes. */
  maxLineBytes: number;
  /** How long a request waits for its reply by default. */
  requestMs: number;
  log: (line: string) => void;
}

export type RpcId = string | number;

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** The agent did not answer a request in time, or the connection ended first. */
export class RpcGone extends Error {}

/** JSON-RPC's own codes, for what the host answers an agent's request with. */
export const RPC_CODES = { parseError: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602, internal: -32603 } as const;

/** The most requests of the agent's held open at once (a permission request each, at most). */
const INCOMING_OPEN = 256;
const LOG_EVERY_MS = 60_000;

export type IncomingRequest = (method: string, params: unknown, id: RpcId) => Promise<unknown>;

export class JsonRpcPeer {
  private nextId = 1;
  private readonly pending = new Map<RpcId, { resolve: (value: unknown) => void; reject: (err: Error) => void; timer: ReturnType<typeof setTimeout> }>();
  private readonly incoming = new Set<RpcId>();
  private readonly logged = new Map<string, number>();
  private closed = false;
  private onRequest: IncomingRequest = () => Promise.reject(new RpcError(RPC_CODES.methodNotFound, 'method not found'));
  private onNotification: (method: string, params: unknown) => void = () => {};

  constructor(
    input: Readable,
    private readonly output: Writable,
    private readonly options: JsonRpcOptions,
  ) {
    readLines(
      input,
      options.maxLineBytes,
      (line) => this.take(line),
      (bytes) => this.say('long', `a line of over ${bytes} bytes from the agent was dropped`),
    );
    // Writing to an agent that is gone is never an error of the host's: its owner ends the peer with the reason (end()).
    output.on('error', () => {});
  }

  handleRequests(handler: IncomingRequest): void {
    this.onRequest = handler;
  }

  handleNotifications(handler: (method: string, params: unknown) => void): void {
    this.onNotification = handler;
  }

  request(method: string, params: unknown, timeoutMs = this.options.requestMs): Promise<unknown> {
    if (this.closed) return Promise.reject(new RpcGone('the agent is gone'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new RpcGone(`${method} had no answer within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  /** Ends every request still waiting (the process is gone, or the host stops). */
  end(why: string): void {
    if (this.closed) return;
    this.closed = true;
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new RpcGone(why));
      this.pending.delete(id);
    }
  }

  private send(message: object): void {
    if (this.closed) return;
    this.output.write(`${JSON.stringify(message)}\n`);
  }

  private take(line: string): void {
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return this.say('json', 'a line from the agent that is not JSON was dropped');
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return this.say('shape', 'a message from the agent of no JSON-RPC shape was dropped');
    const { id, method, params, result, error } = message as Record<string, unknown>;
    const validId = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
    if (typeof method === 'string' && validId) return this.answer(id, method, params);
    if (typeof method === 'string' && id === undefined) return this.notified(method, params);
    if (validId && ('result' in message || 'error' in message)) return this.replied(id, result, error);
    this.say('shape', 'a message from the agent of no JSON-RPC shape was dropped');
  }

  private notified(method: string, params: unknown): void {
    try {
      this.onNotification(method, params);
    } catch (err) {
      this.say('handler', `the host could not take the agent's ${method.slice(0, 64)}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private replied(id: RpcId, result: unknown, error: unknown): void {
    const waiting = this.pending.get(id);
    if (!waiting) return this.say('orphan', 'a reply from the agent to nothing the host asked was dropped');
    this.pending.delete(id);
    clearTimeout(waiting.timer);
    if (error === undefined || error === null) return waiting.resolve(result);
    const { code, message, data } = (typeof error === 'object' ? error : {}) as Record<string, unknown>;
    waiting.reject(new RpcError(typeof code === 'number' ? code : RPC_CODES.internal, typeof message === 'string' ? message : 'the agent answered with an error', data));
  }

  private answer(id: RpcId, method: string, params: unknown): void {
    // Not answered at all: a reply under that id would read, to the agent, as the answer to the first.
    if (this.incoming.has(id)) return this.say('reused', 'the agent reused a request id it still had open; the second request was dropped');
    if (this.incoming.size >= INCOMING_OPEN) return this.send({ jsonrpc: '2.0', id, error: { code: RPC_CODES.internal, message: 'too many requests open' } });
    this.incoming.add(id);
    void Promise.resolve()
      .then(() => this.onRequest(method, params, id))
      .then(
        (result) => this.send({ jsonrpc: '2.0', id, result: result ?? null }),
        (err: unknown) => {
          const rpc = err instanceof RpcError ? err : new RpcError(RPC_CODES.internal, err instanceof Error ? err.message : String(err));
          this.send({ jsonrpc: '2.0', id, error: { code: rpc.code, message: rpc.message } });
        },
      )
      .finally(() => this.incoming.delete(id));
  }

  /** One line per kind of trouble a minute: a flood of bad lines costs no more than one. */
  private say(kind: string, line: string): void {
    const now = Date.now();
    if (now - (this.logged.get(kind) ?? -Infinity) < LOG_EVERY_MS) return;
    this.logged.set(kind, now);
    this.options.log(`[agent] ACP: ${line}`);
  }
}

/** Splits a stream into lines of at most `maxBytes`; a longer line is read past (never held whole) and reported once. */
export function readLines(input: Readable, maxBytes: number, onLine: (line: string) => void, onTooLong: (bytes: number) => void): void {
  let parts: Buffer[] = [];
  let size = 0;
  let skipping = false;
  input.on('data', (chunk: Buffer) => {
    let start = 0;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, at);
      if (!skipping && size + piece.length <= maxBytes) onLine(Buffer.concat([...parts, piece]).toString('utf8'));
      else onTooLong(maxBytes);
      parts = [];
      size = 0;
      skipping = false;
      start = at + 1;
    }
    const rest = chunk.subarray(start);
    if (skipping || rest.length === 0) return;
    if (size + rest.length > maxBytes) {
      skipping = true;
      parts = [];
      size = 0;
      return;
    }
    parts.push(rest);
    size += rest.length;
  });
}
