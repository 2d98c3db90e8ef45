/**
 * The rules for an agent's address (docs/bridge.md §3), one home for `attach`, the config reader and
 * the transports. Each returns null when the value is fine, else the reason.
 */
import { isAgentName } from '../../wire/agent-name';
import { LIMITS } from '../../wire/limits';
import { socketPathProblem } from '../../wire/socket-path';

export function checkName(name: string): string | null {
  return isAgentName(name) ? null : `a name is 1–${LIMITS.agentNameChars} letters, digits, "-" or "_", starting with a letter or digit`;
}

/** The socket path rule lives with the wire, shared with the agent kit. */
export function checkSocketPath(path: string): string | null {
  return socketPathProblem(path);
}

export function checkUrl(raw: string): string | null {
  if (Buffer.byteLength(raw) > LIMITS.agentUrlBytes) return `the URL is over ${LIMITS.agentUrlBytes} bytes`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'the URL does not parse';
  }
  if (url.username || url.password) return 'the URL may not hold a user or password';
  if (url.search || raw.includes('?')) return 'the URL may not hold a query';
  if (url.hash || raw.includes('#')) return 'the URL may not hold a fragment';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(url.hostname) && url.port !== '') return null;
  return 'the URL must start with https:// (http:// only for 127.0.0.1 or localhost with a port)';
}

export function checkToken(raw: string): string | null {
  const token = raw.trim();
  const bytes = Buffer.byteLength(token);
  if (bytes < LIMITS.tokenMinBytes) return `the token is shorter than ${LIMITS.tokenMinBytes} bytes`;
  if (bytes > LIMITS.tokenMaxBytes) return `the token is longer than ${LIMITS.tokenMaxBytes} bytes`;
  if (!/^[\x21-\x7e]+$/.test(token)) return 'the token must be printable ASCII without spaces';
  return null;
}
