import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** Why an exchange with an agent failed; the poller and the intents map these to states. */
export type TransportFailure =
  | 'timeout'
  | 'connection-refused'
  | 'no-socket'
  | 'connection-lost'
  | 'too-large'
  | 'not-json';

export class TransportError extends Error {
  constructor(readonly failure: TransportFailure, message: string) {
    super(message);
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
}

/** One exchange over a Unix socket: deadline for the whole exchange, reply capped at `maxBytes`. */
export function callSocket(socketPath: string, call: WireCall): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const payload = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body));
    const headers: Record<string, string> = { ...call.headers, host: 'durable-agent' };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    let settled = false;
    const fail = (failure: TransportFailure, message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(new TransportError(failure, message));
    };
    const req = httpRequest({ socketPath, method: call.method, path: call.path, headers, agent: false }, (res) => {
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > call.maxBytes) return fail('too-large', `the reply is over ${call.maxBytes} bytes`);
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > call.maxBytes) return fail('too-large', `the reply is over ${call.maxBytes} bytes`);
        chunks.push(chunk);
      });
      res.on('error', () => fail('connection-lost', 'the connection was lost'));
      res.on('aborted', () => fail('connection-lost', 'the connection was lost'));
      res.on('end', () => {
        if (settled) return;
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        if (text !== '') {
          try {
            json = JSON.parse(text);
          } catch {
            return fail('not-json', 'the reply is not JSON');
          }
        }
        settled = true;
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json });
      });
    });
    const timer = setTimeout(() => fail('timeout', `no reply within ${call.deadlineMs} ms`), call.deadlineMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') fail('no-socket', `no socket at ${socketPath}`);
      else if (err.code === 'ECONNREFUSED') fail('connection-refused', 'connection refused');
      else fail('connection-lost', 'the connection was lost');
    });
    req.end(payload);
  });
}
