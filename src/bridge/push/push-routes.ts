import type { IncomingMessage } from 'node:http';
import { isRecord, str } from '../../wire/read';
import { HttpError } from '../http/http-error';
import { readJson, sendJson } from '../http/http-json';
import { paired, type RouteRequest } from '../pairing/route-request';
import type { PushRoom } from './push';
import { testPush } from './push-payloads';
import { parseSubscription } from './subscriptions';

/** What the push routes need of the phone server that routes them: its push room (none when the bridge does not push) and its log. */
interface PushServer {
  deps: { push?: PushRoom; log: (line: string) => void };
}
type PushRequest = RouteRequest<PushServer>;

/** The push routes of the phone API, each behind the pairing gate (`routes.ts` lists them). */
function roomOf(r: PushRequest): PushRoom {
  const room = r.server.deps.push;
  if (!room) throw new HttpError(404, 'no-push', 'this bridge does not push');
  return room;
}

/**
 * `GET /api/push/key`: the bridge's VAPID public key (made on first need), whether this device has
 * a subscription here, and `stopped` when the bridge dropped it because its push service kept failing.
 */
export async function pushKey(r: PushRequest): Promise<void> {
  const room = roomOf(r);
  const { publicKey } = await room.keys.keys();
  const id = paired(r).id;
  const stopped = room.subscriptions.stoppedFor(id);
  sendJson(r.res, 200, { publicKey, subscribed: room.subscriptions.ofDevice(id).length > 0, ...(stopped ? { stopped: { at: stopped.at } } : {}) });
}

/** `POST /api/push/subscription`: the browser's `PushSubscription` JSON, kept for this device. */
export async function subscribe(r: PushRequest): Promise<void> {
  const room = roomOf(r);
  const sub = parseSubscription(await readJson(r.req), room.extraHosts);
  const device = paired(r);
  // The push service's host only: the endpoint itself lets whoever holds it wake the phone.
  if (await room.subscriptions.add(device.id, sub)) r.server.deps.log(`[bridge] push: ${device.name} (${device.id}) is notified through ${new URL(sub.endpoint).host}`);
  sendJson(r.res, 200, { subscribed: true });
}

/** `DELETE /api/push/subscription`: `{ endpoint }` removes that one of this device's; no body removes all of them. */
export async function unsubscribe(r: PushRequest): Promise<void> {
  const room = roomOf(r);
  const body = await optionalJson(r.req);
  const endpoint = isRecord(body) ? str(body.endpoint) : undefined;
  if (body !== undefined && endpoint === undefined) throw new HttpError(400, 'bad-request', 'the body, when there is one, is { endpoint }');
  const removed = await room.subscriptions.remove(paired(r).id, endpoint);
  sendJson(r.res, 200, { removed });
}

/** `POST /api/push/test`: the person's "Send a test notification", to this device's subscriptions only. */
export async function sendTest(r: PushRequest): Promise<void> {
  const room = roomOf(r);
  await readJson(r.req);
  const subs = room.subscriptions.ofDevice(paired(r).id);
  if (subs.length === 0) throw new HttpError(409, 'not-subscribed', 'this phone has no push subscription at the bridge: turn notifications on first');
  const { sent } = await room.sender.send(testPush(), subs);
  sendJson(r.res, 200, { sent });
}

async function optionalJson(req: IncomingMessage): Promise<unknown> {
  if (req.headers['content-length'] === '0' || (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined)) return undefined;
  return readJson(req);
}
