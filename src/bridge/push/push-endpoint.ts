import { parse as legacyParse } from 'node:url';
import { PUSH_LIMITS } from '../../wire/limits';
import { utf8Length } from '../../wire/utf8';
import { isPushServiceHost } from './push-hosts';

/** Why an endpoint was refused; the route answers `400 bad-endpoint` with it. */
export class BadEndpoint extends Error {
  override name = 'BadEndpoint';
}

/** Where a push goes, read once: the sender dials exactly these parts, nothing re-parses the text. */
export interface PushTarget {
  /** The endpoint in its canonical form (what is kept, and what VAPID signs for). */
  href: string;
  hostname: string;
  /** 443, or a test service's own port. */
  port: number;
  /** Path and query, as sent on the request line. */
  path: string;
}

// A DNS name (or a dotted address, which the allow-list then refuses unless a test named it).
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
// Printable ASCII without space: what a browser's endpoint is made of (anything else is decoded differently somewhere).
const PRINTABLE = /^[\x21-\x7e]+$/;

/**
 * The one reading of a push endpoint, for checking and for sending. It must be an `https:`
 * address already in canonical form (the WHATWG parser gives the same text back), with a plain
 * host name, no user info and no port, on a browser's push service (`push-hosts.ts`; a test's own
 * `host:port` when named), and Node's legacy `url.parse` — which `web-push` and others use — must
 * read the same host, port and path. So no endpoint can be checked as one host and sent to another
 * (`https://127.0.0.1;x.push.apple.com/`, `https:fcm.googleapis.com/x` and their kin are refused).
 */
export function pushTarget(raw: unknown, extraHosts: readonly string[] = []): PushTarget {
  if (typeof raw !== 'string' || raw === '') throw new BadEndpoint('a push endpoint must be an https:// address');
  if (utf8Length(raw) > PUSH_LIMITS.endpointBytes) throw new BadEndpoint(`a push endpoint is at most ${PUSH_LIMITS.endpointBytes} bytes`);
  if (!PRINTABLE.test(raw)) throw new BadEndpoint('a push endpoint is printable ASCII without spaces');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BadEndpoint('a push endpoint must be an https:// address');
  }
  if (url.protocol !== 'https:') throw new BadEndpoint('a push endpoint must be an https:// address');
  if (url.href !== raw) throw new BadEndpoint('a push endpoint must be written in its canonical form');
  if (url.username !== '' || url.password !== '') throw new BadEndpoint('a push endpoint carries no user name or password');
  if (url.hash !== '') throw new BadEndpoint('a push endpoint has no fragment');
  if (!HOST_NAME.test(url.hostname)) throw new BadEndpoint('a push endpoint names its host by a plain name');
  const named = extraHosts.includes(url.host);
  if (url.port !== '' && !named) throw new BadEndpoint('a push endpoint uses the standard port');
  if (!isPushServiceHost(url.host, extraHosts)) throw new BadEndpoint("the endpoint is not a browser's push service");
  const path = `${url.pathname}${url.search}`;
  const legacy = legacyParse(raw);
  if (legacy.protocol !== 'https:' || legacy.hostname !== url.hostname || (legacy.port ?? '') !== url.port || legacy.path !== path || legacy.auth !== null)
    throw new BadEndpoint('a push endpoint must read the same to every URL parser');
  return { href: url.href, hostname: url.hostname, port: url.port === '' ? 443 : Number(url.port), path };
}
