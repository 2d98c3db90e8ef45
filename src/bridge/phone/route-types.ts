import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PhonePath } from '../../wire/phone-routes';
import type { DeviceInfo } from '../pairing/device-store';
import { HttpError } from './http-error';
import type { ServerContext } from './phone-deps';

/** The shape of a phone route and of the request its handler gets (the table itself is `routes.ts`). */
export interface RouteRequest {
  server: ServerContext;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  /** The address the request came from (the pairing limit counts wrong secrets per address). */
  address: string;
  /** The paired device asking (null only on an open route): for the audit log and the per-device caps. */
  device: DeviceInfo | null;
}

export interface PhoneRoute {
  name: PhonePath;
  method: 'GET' | 'POST' | 'DELETE';
  /** `open`: no device needed (pairing itself). `device`: a paired device's credential (the gate, `gate.ts`). */
  access: 'open' | 'device';
  /** A write to an agent: its JSON body goes to the agent at most once; a watch-only device is refused. */
  writes: boolean;
  /** A phone's read: the pollers speed up while one runs (the CLI's status read is none). */
  looks: boolean;
  handle(request: RouteRequest): Promise<void>;
}

/** The device the gate admitted; a route that needs one never runs without it. */
export function paired(r: RouteRequest): DeviceInfo {
  if (!r.device) throw new HttpError(401, 'not-paired', 'this phone is not paired with the bridge');
  return r.device;
}
