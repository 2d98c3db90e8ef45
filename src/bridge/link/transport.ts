import { request as httpRequest, type Agent as HttpAgent, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { statSync } from 'node:fs';
import { AddressRefused } from './address-refused';

/** Why an exchange with an agent failed; the poller and the intents map these to states. */
export type TransportFailure = 'timeout' | 'connection-refused' | 'no-socket' | 'connection-lost' | 'too-large' | 'not-json' | 'bad-address' | 'certificate-refused';

/** Failures before a request's first byte leaves this machine: the agent cannot have acted on it. */
const NEVER_SENT: ReadonlySet<TransportFailure> = new Set(['connection-refused', 'no-socket', 'bad-address', 'certificate-refused']);

/** The write never left: a refused or missing connection, an address refused before any byte, a certificate refused at the handshake. */
export const neverSent = (err: unknown): boolean => err instanceof AddressRefused || (err instanceof TransportError && NEVER_SENT.has(err.failure));

export class TransportError extends Error {
  override readonly name = 'TransportError';

  constructor(
    readonly failure: TransportFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface WireCall {
  method: 'GET' | 'POST';
  /** Path after the agent's base, starting with `/session/v1`. */
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Deadline for the whole exchange, connect to last byte. */
  deadlineMs: number;
  /** A reply over this many bytes is not read. */
  maxBytes: number;
}

export interface WireResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; undefined for an empty body (304). */
  json: unknown;
  /** The body exactly as it came, for callers that judge the agent's bytes (the conformance check). */
  raw: Buffer;
  /** Bytes on the connection, headers included (each exchange has a connection of its own). */
  bytes: { read: number; written: number };
}

/** Starts the request; the exchange calls `onResponse` once the status line is in. */
export type OpenRequest = (headers: Record<string, string>, onResponse: (res: IncomingMessage) => void) => ClientRequest;

/**
 * One exchange, whatever the transport: the deadline covers connect to last byte, a reply over
 * `maxBytes` is not read, and the body must be JSON (or empty). `describeError` turns a socket
 * error into the transport's own failure and sentence.
 */
export function exchange(call: WireCall, open: OpenRequest, describeError: (err: NodeJS.ErrnoException) => TransportError | AddressRefused): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const payload = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body));
    const headers: Record<string, string> = { ...call.headers };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    let settled = false;
    let req: ClientRequest | undefined;
    let counted: { socket: import('node:net').Socket; read: number; written: number } | undefined;
    const settle = (outcome: { error: TransportError | AddressRefused } | { response: WireResponse }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if ('error' in outcome) {
        req?.destroy();
        reject(outcome.error);
      } else {
        resolve(outcome.response);
      }
    };
    const fail = (failure: TransportFailure, message: string) => settle({ error: new TransportError(failure, message) });
    const timer = setTimeout(() => fail('timeout', `no reply within ${call.deadlineMs} ms`), call.deadlineMs);
    const tooLarge = () => fail('too-large', `the reply is over ${call.maxBytes} bytes`);
    const onResponse = (res: IncomingMessage) => {
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > call.maxBytes) return tooLarge();
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > call.maxBytes) return tooLarge();
        chunks.push(chunk);
      });
      res.on('error', () => fail('connection-lost', 'the connection was lost'));
      res.on('aborted', () => fail('connection-lost', 'the connection was lost'));
      res.on('end', () => {
        if (settled) return;
        const status = res.statusCode ?? 0;
        const raw = Buffer.concat(chunks);
        const json = parseBody(raw, status);
        if (json === NOT_JSON) return fail('not-json', 'the reply is not JSON');
        // A kept-alive socket counts every request it carried: this exchange's bytes are the difference.
        const bytes = counted ? { read: counted.socket.bytesRead - counted.read, written: counted.socket.bytesWritten - counted.written } : { read: raw.length, written: 0 };
        settle({ response: { status, headers: res.headers, json, raw, bytes } });
      });
    };
    try {
      req = open(headers, onResponse);
    } catch (err) {
      // Node refuses some requests before any byte leaves (such as a bad header value).
      return settle({ error: describeError(err as NodeJS.ErrnoException) });
    }
    req.on('socket', (socket) => {
      counted = { socket, read: socket.bytesRead, written: socket.bytesWritten };
    });
    req.on('error', (err: NodeJS.ErrnoException) => settle({ error: describeError(err) }));
    req.end(payload);
  });
}

const NOT_JSON = Symbol('not-json');

function parseBody(raw: Buffer, status: number): unknown {
  const text = raw.toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A redirect's body is meant for browsers; the status alone is passed up, never followed.
    return status >= 300 && status < 400 ? undefined : NOT_JSON;
  }
}

/** One exchange over a Unix socket: deadline for the whole exchange, reply capped at `maxBytes`. */
export function callSocket(socketPath: string, call: WireCall, agent: HttpAgent | false = false): Promise<WireResponse> {
  return exchange(
    call,
    (headers, onResponse) => httpRequest({ socketPath, method: call.method, path: call.path, headers: { ...headers, host: 'durable-agent' }, agent }, onResponse),
    (err) => {
      // A refusal the connection's own check made (the privacy walk) is passed on as it is.
      if (err instanceof TransportError || err instanceof AddressRefused) return err;
      if (err.code === 'ENOENT') return new TransportError('no-socket', `no socket at ${socketPath}`, { cause: err });
      if (err.code === 'ECONNREFUSED') {
        // Linux refuses a connect to a folder or a plain file as it refuses a socket nobody listens on: say which.
        const other = notASocket(socketPath);
        if (other) return new TransportError('no-socket', `${socketPath} is a ${other}, not a socket`, { cause: err });
        return new TransportError('connection-refused', 'connection refused', { cause: err });
      }
      return new TransportError('connection-lost', 'the connection was lost', { cause: err });
    },
  );
}

/** What is at `path` when it is there and not a socket: a folder, or a file. */
function notASocket(path: string): 'folder' | 'file' | null {
  try {
    const found = statSync(path);
    return found.isSocket() ? null : found.isDirectory() ? 'folder' : 'file';
  } catch {
    return null;
  }
}
