import type { IncomingMessage, ServerResponse } from 'node:http';
import { cleanField } from '../../wire/clean';
import { isValidId } from '../../wire/ids';
import { HttpError } from '../http/http-error';
import { readJson, sendJson } from '../http/http-json';
import type { Crew } from './crew';
import { CREW_PATHS } from './crew-paths';

/**
 * The crew's side of the bridge's HTTPS port: what another bridge calls (`crew-paths.ts`). The
 * phone server sends every `/crew/` request here after its guard (this bridge's own names only,
 * writes as JSON). A crew is HTTPS only: on a bridge without an HTTPS origin (its certificate, or
 * `--public-origin` behind a TLS proxy) every path is 404.
 */
export async function crewRoute(crew: Crew, req: IncomingMessage, res: ServerResponse, path: string, address: string): Promise<void> {
  const method = req.method ?? 'GET';
  const known = (Object.values(CREW_PATHS) as string[]).includes(path);
  if (!crew.reachable || !known) throw new HttpError(404, 'not-found', 'no such route');
  const want = path === CREW_PATHS.hello ? 'GET' : 'POST';
  if (method !== want) throw new HttpError(405, 'method-not-allowed', `${method} is not how this route is used`);
  const key = bearer(req);
  if (path === CREW_PATHS.hello) return sendJson(res, 200, crew.hello(address, key));
  const body = await readJson(req);
  if (path === CREW_PATHS.join) return sendJson(res, 200, await crew.acceptJoin(address, body));
  if (path === CREW_PATHS.leave) await crew.memberLeaves(address, key);
  else await crew.removedByLead(address, key);
  sendJson(res, 200, { ok: true });
}

/**
 * On a write the lead forwards, the phone's paired device it came from: its id, and its name
 * (percent-encoded, since a name is any text). The member's gate reads them only beside the
 * lead's key, and its audit log names that device, come through the lead.
 */
export const FOR_DEVICE_HEADERS = { id: 'x-collie-for-device', name: 'x-collie-for-device-name' } as const;

/** The phone's device a forwarded write names, else null. */
export function forDevice(req: IncomingMessage): { id: string; name: string } | null {
  const id = req.headers[FOR_DEVICE_HEADERS.id];
  const raw = req.headers[FOR_DEVICE_HEADERS.name];
  if (typeof id !== 'string' || !isValidId(id) || typeof raw !== 'string') return null;
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return { id, name: cleanField.label(name).text || id };
}

/** The key a bridge of the crew presents: `Authorization: Bearer <key>`, else null. */
export function bearer(req: IncomingMessage): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]{32,128})$/.exec(req.headers.authorization ?? '');
  return match ? match[1]! : null;
}
