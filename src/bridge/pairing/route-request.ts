import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from '../http/http-error';
import type { DeviceInfo } from './device-store';

/**
 * The request a route handler gets. `Server` is what the server that routed it shares: the phone
 * server's whole context for its own rooms (`phone/phone-route.ts`), or just the part a room
 * needs of it (the push routes name theirs), so no room has to reach into `phone/` for it. It
 * lives with pairing because what every route asks of it is which paired device sent it.
 */
export interface RouteRequest<Server> {
  server: Server;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  /** The address the request came from (the pairing limit counts wrong secrets per address). */
  address: string;
  /** The paired device asking (null only on an open route): for the audit log and the per-device caps. */
  device: DeviceInfo | null;
}

/** The device the gate admitted; a route that needs one never runs without it. */
export function paired(r: RouteRequest<unknown>): DeviceInfo {
  if (!r.device) throw new HttpError(401, 'not-paired', 'this phone is not paired with the bridge');
  return r.device;
}
