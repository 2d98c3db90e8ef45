import { randomBytes } from 'node:crypto';
import { WIRE_PREFIX } from '../../wire/agent-paths';
import { MIB } from '../../wire/limits';
import { VERSION_HEADER } from '../../wire/wire-protocol';
import { callSocket, type WireResponse } from '../link/transport';
import { callUrl, callUrlWithoutToken, type UrlTls } from '../link/transport-url';

/** The agent under check: a socket path, or a URL with the token read from the environment. */
export type CheckTarget = { kind: 'socket'; path: string } | { kind: 'url'; url: string; token: string; tls?: UrlTls };

/** Which Authorization a call carries on the token transport (the socket transport has none). */
export type Auth = 'token' | 'none' | 'wrong';

export interface CheckRequest {
  method?: 'GET' | 'POST';
  /** The path after `/session/v1`. */
  path: string;
  /** The X-Collie-Session value; null sends none. Defaults to the negotiated version. */
  version?: string | null;
  headers?: Record<string, string>;
  body?: unknown;
  auth?: Auth;
}

/**
 * Far past every reply limit: the check must read an oversized reply to say by how much it is
 * over, where the bridge would simply refuse it.
 */
export const CHECK_MAX_BYTES = 64 * MIB;
/** Generous: the check judges what the agent says, not how fast (the bridge's deadlines are its own). */
export const CHECK_DEADLINE_MS = 10000;

/** A token of the right shape that is surely not the agent's; made fresh, never derived from the real one. */
export function wrongToken(): string {
  return `conformance-wrong-${randomBytes(16).toString('hex')}`;
}

/** A fresh id that obeys the id rule and names nothing the agent holds. */
export function freshId(what: string): string {
  return `conformance-${what}-${randomBytes(6).toString('hex')}`;
}

/** One raw exchange: the check sees the status, the headers and the body exactly as sent. */
export function callTarget(target: CheckTarget, request: CheckRequest, defaultVersion: string): Promise<WireResponse> {
  const headers: Record<string, string> = { ...request.headers };
  const version = request.version === undefined ? defaultVersion : request.version;
  if (version !== null) headers[VERSION_HEADER] = version;
  const call = {
    method: request.method ?? 'GET',
    path: `${WIRE_PREFIX}${request.path}`,
    headers,
    body: request.body,
    deadlineMs: CHECK_DEADLINE_MS,
    maxBytes: CHECK_MAX_BYTES,
  };
  if (target.kind === 'socket') return callSocket(target.path, call);
  const auth = request.auth ?? 'token';
  if (auth === 'none') return callUrlWithoutToken(target.url, call, target.tls);
  return callUrl(target.url, auth === 'wrong' ? wrongToken() : target.token, call, target.tls);
}
