import type { IncomingMessage } from 'node:http';
import type { DeviceInfo } from '../pairing/device-store';
import { credentialOf } from './device-cookie';
import { HttpError } from '../http/http-error';
import type { ServerContext } from './phone-deps';
import type { PhoneRoute } from './phone-route';
import { bearer, forDevice } from '../crew/crew-routes';

/**
 * The pairing gate, on every route of the table: a route that is not `open` needs a paired
 * device's credential (reads too: conversations are private), and a route that writes to an agent
 * needs a device that may act (`control`). Only pairing itself is open. The lead of this bridge's
 * crew passes with its key (`Authorization: Bearer`), as a control device: it reads this bridge's
 * views for the phone paired with it, as that phone would.
 */
export function admit(server: ServerContext, route: PhoneRoute, req: IncomingMessage): DeviceInfo | null {
  if (route.access === 'open') return null;
  const device = server.deps.devices.authenticate(credentialOf(req)) ?? server.deps.crew?.leadDevice(bearer(req), forDevice(req)) ?? null;
  if (!device) throw new HttpError(401, 'not-paired', 'this phone is not paired with the bridge: run collie pair on the computer');
  if (route.writes && device.role === 'watch') throw new HttpError(403, 'watch-only', 'this phone was paired to watch: it cannot act');
  return device;
}

/** A signal that fires when this device is revoked, for the long-polls it holds. */
export function revokedSignal(server: ServerContext, deviceId: string): AbortSignal {
  let controller = server.revoked.get(deviceId);
  if (!controller || controller.signal.aborted) {
    controller = new AbortController();
    server.revoked.set(deviceId, controller);
  }
  return controller.signal;
}
