import type { PhonePath } from '../../wire/phone-routes';
import type { RouteRequest } from '../pairing/route-request';
import type { ServerContext } from './phone-deps';

/** A request to the phone server: its handler sees the server's whole context. */
export type PhoneRequest = RouteRequest<ServerContext>;

/** The shape of a phone route (the table itself is `routes.ts`). */
export interface PhoneRoute {
  name: PhonePath;
  method: 'GET' | 'POST' | 'DELETE';
  /** `open`: no device needed (pairing itself). `device`: a paired device's credential (the gate, `gate.ts`). */
  access: 'open' | 'device';
  /** A write to an agent: its JSON body goes to the agent at most once; a watch-only device is refused. */
  writes: boolean;
  /** A phone's read: the pollers speed up while one runs (the CLI's status read is none). */
  looks: boolean;
  handle(request: PhoneRequest): Promise<void>;
}
