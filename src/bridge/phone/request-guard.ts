import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { HttpError } from '../http/http-error';

/**
 * Only the phone's own page may use the bridge's API (docs/bridge.md §6: only a human tap answers).
 * A web page elsewhere in a browser cannot: a write must be JSON (a cross-site form or a simple
 * fetch cannot send that without a preflight the bridge never grants), must not come from another
 * origin, and every API request must name this bridge by an address, not a host name some other
 * site controls (DNS rebinding).
 */
export function guardApiRequest(req: IncomingMessage, boundHost: string, publicHosts: readonly string[] = []): void {
  const host = req.headers.host ?? '';
  const name = hostOf(host);
  // A name behind a TLS proxy (`--public-origin`) is one the user gave; its Host header arrives as written.
  if (!publicHosts.includes(host.toLowerCase()) && !isKnownName(name, boundHost))
    throw new HttpError(403, 'unknown-host', `this bridge does not answer to the name ${name || '(none)'}`);
  if (req.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, 'cross-origin', 'requests from other sites are refused');
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}` && origin !== `https://${host}`) {
    throw new HttpError(403, 'cross-origin', 'requests from other origins are refused');
  }
  if (req.method === 'POST' && !(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
    throw new HttpError(415, 'unsupported-media-type', 'a write must be sent as application/json');
  }
}

/** The host name of a Host header, without its port or IPv6 brackets. */
function hostOf(header: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(header);
  if (bracketed) return bracketed[1]!.toLowerCase();
  return header.replace(/:\d+$/, '').toLowerCase();
}

function isKnownName(name: string, boundHost: string): boolean {
  if (name === '') return false;
  if (isIP(name) !== 0) return true; // an address cannot be re-pointed by someone else's DNS
  const own = hostname().toLowerCase();
  return [boundHost.toLowerCase(), 'localhost', own, `${own}.local`].includes(name);
}
