import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkToken, checkUrl } from '../config/source-rules';
import { exchange, TransportError, type WireCall, type WireResponse } from './transport';

/** Extra trust for the agent's certificate (tests with a throwaway CA); never a way to skip the check. */
export interface UrlTls {
  ca?: string | Buffer;
}

/**
 * One exchange with an agent on the token transport (docs/bridge.md §3): `Authorization: Bearer` on
 * every request, certificates checked as Node does by default, redirects passed up as a status
 * (never followed, so the token never reaches another host), one deadline for the whole exchange.
 */
export function callUrl(baseUrl: string, token: string, call: WireCall, tls?: UrlTls): Promise<WireResponse> {
  const problem = checkToken(token);
  if (problem) return Promise.reject(new TransportError('bad-address', problem));
  return send(baseUrl, `Bearer ${token}`, call, tls);
}

/**
 * The same exchange without any Authorization header. Only the conformance check uses it, to see
 * that an agent refuses a caller that brings no token; the bridge always calls `callUrl`.
 */
export function callUrlWithoutToken(baseUrl: string, call: WireCall, tls?: UrlTls): Promise<WireResponse> {
  return send(baseUrl, undefined, call, tls);
}

function send(baseUrl: string, authorization: string | undefined, call: WireCall, tls: UrlTls | undefined): Promise<WireResponse> {
  // The config reader checked the URL already; this is the last wall before a byte leaves.
  const problem = checkUrl(baseUrl) ?? (call.path.startsWith('/') ? null : 'the path must start with /');
  if (problem) return Promise.reject(new TransportError('bad-address', problem));
  const base = new URL(baseUrl);
  const target = new URL(`${base.origin}${base.pathname.replace(/\/+$/, '')}${call.path}`);
  const secure = target.protocol === 'https:';
  return exchange(
    call,
    (headers, onResponse) => {
      const all: Record<string, string> = {};
      // Drop any caller-given Authorization (in any case): the token is this function's to set.
      for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() !== 'authorization') all[name] = value;
      if (authorization !== undefined) all.authorization = authorization;
      // Stated outright, so NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment cannot switch the check off.
      const options = { method: call.method, headers: all, agent: false as const, rejectUnauthorized: true };
      if (!secure) return httpRequest(target, options, onResponse);
      return httpsRequest(target, tls?.ca === undefined ? options : { ...options, ca: tls.ca }, onResponse);
    },
    describe,
  );
}

/** Sentences built from error codes only: a Node message could echo a header, and so the token. */
function describe(err: NodeJS.ErrnoException): TransportError {
  const code = typeof err.code === 'string' ? err.code : 'unknown';
  if (code === 'ECONNREFUSED') return new TransportError('connection-refused', 'connection refused');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new TransportError('connection-refused', 'the host name does not resolve');
  if (/CERT|SELF_SIGNED|ALTNAME|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/.test(code)) {
    return new TransportError('certificate-refused', `the agent's certificate was refused (${code})`);
  }
  if (code === 'ERR_INVALID_CHAR' || code === 'ERR_INVALID_HTTP_TOKEN') {
    return new TransportError('bad-address', 'a request header holds a character HTTP does not allow');
  }
  return new TransportError('connection-lost', `the connection was lost (${code})`);
}
