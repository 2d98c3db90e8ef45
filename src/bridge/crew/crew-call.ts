import { request as httpsRequest } from 'node:https';
import { exchange, TransportError, type WireResponse } from '../link/transport';

/** Extra trust for another bridge's certificate (tests with a throwaway CA); never a way to skip the check. */
export interface CrewTls {
  ca?: string | Buffer;
}

export interface CrewCall {
  method: 'GET' | 'POST';
  /** A path of the other bridge, starting with `/`. */
  path: string;
  /** The key this bridge presents to the other (`Authorization: Bearer`), if the route needs one. */
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** One deadline for the whole exchange, connect to last byte. */
  deadlineMs: number;
  maxBytes: number;
  signal?: AbortSignal;
}

/**
 * One exchange with another bridge of the crew: HTTPS only, its certificate checked as Node
 * checks it (the system's CAs, and NODE_EXTRA_CA_CERTS), a redirect passed up as its status and
 * never followed (the key never reaches another host), one deadline, a bounded reply. Failures
 * read as sentences built from error codes only, never from a message that could echo a header.
 */
export function crewCall(origin: string, call: CrewCall, tls?: CrewTls): Promise<WireResponse> {
  const target = new URL(call.path, origin);
  if (target.protocol !== 'https:' || target.origin !== origin) return Promise.reject(new TransportError('bad-address', 'bridges of a crew speak HTTPS only'));
  let stop: (() => void) | undefined;
  const done = exchange(
    { method: call.method, path: call.path, body: call.body, headers: call.headers, deadlineMs: call.deadlineMs, maxBytes: call.maxBytes },
    (headers, onResponse) => {
      const all = { ...headers, accept: 'application/json', ...(call.key ? { authorization: `Bearer ${call.key}` } : {}) };
      // Stated outright, so NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment cannot switch the check off.
      const options = { method: call.method, headers: all, agent: false as const, rejectUnauthorized: true, ...(tls?.ca === undefined ? {} : { ca: tls.ca }) };
      const req = httpsRequest(target, options, onResponse);
      stop = () => req.destroy(new Error('aborted'));
      call.signal?.addEventListener('abort', stop, { once: true });
      return req;
    },
    describe,
  );
  // The listener leaves with the exchange: a long-lived signal (a member's reader) meets thousands.
  return done.finally(() => stop && call.signal?.removeEventListener('abort', stop));
}

/** One word to the other side as this bridge parts from it (left, or removed it), within a short deadline: whether it heard. */
export async function partFrom(origin: string, path: string, key: string, limits: { partingMs: number; replyBytes: number }, tls?: CrewTls): Promise<boolean> {
  try {
    const res = await crewCall(origin, { method: 'POST', path, key, body: {}, deadlineMs: limits.partingMs, maxBytes: limits.replyBytes }, tls);
    return res.status === 200;
  } catch (err) {
    if (err instanceof TransportError) return false;
    throw err;
  }
}

function describe(err: NodeJS.ErrnoException): TransportError {
  const code = typeof err.code === 'string' ? err.code : 'unknown';
  if (code === 'ECONNREFUSED') return new TransportError('connection-refused', 'connection refused');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new TransportError('connection-refused', 'the host name does not resolve');
  if (/CERT|SELF_SIGNED|ALTNAME|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/.test(code)) {
    return new TransportError('certificate-refused', `its certificate was refused (${code})`);
  }
  return new TransportError('connection-lost', `the connection was lost (${code})`);
}
