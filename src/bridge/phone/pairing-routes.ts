import type { DeviceJson } from '../../wire/bridge-json';
import { isRecord, str } from '../../wire/read';
import type { DeviceInfo } from '../pairing/device-store';
import { renameDevice, revokeDevice } from '../pairing/device-changes';
import { looksLikeSecret } from '../../wire/pairing-link';
import { clearedCookie, deviceCookie } from './device-cookie';
import { errorJson, HttpError } from '../http/http-error';
import { readJson, sendJson } from '../http/http-json';
import { paired } from '../http/route-types';
import type { PhoneRequest } from './phone-route';

const asJson = ({ id, name, role }: DeviceInfo): DeviceJson => ({ id, name, role });

const INVITATION_WORDS = {
  used: 'this pairing link was used already',
  expired: 'this pairing link has expired',
  unknown: 'this pairing link is not one the bridge made',
} as const;

/**
 * `POST /api/pair`: trades an invitation's secret for a device credential, set as an HttpOnly
 * cookie (the reply body never holds it). The secret is looked at first: a valid, unused,
 * unexpired one always pairs, whatever failed before it from the same address (behind a proxy
 * every phone arrives from one address, and nobody there may lock the others out). Wrong
 * secrets count against the address only to keep the log and the CPU quiet: past the allowance
 * a wrong one is 429 with `retryAfter`; 256 random bits are not guessed either way.
 */
export async function redeem(r: PhoneRequest): Promise<void> {
  const { deps, failures } = r.server;
  const body = await readJson(r.req);
  const secret = isRecord(body) ? body.secret : undefined;
  const taken = looksLikeSecret(secret) ? deps.invitations.redeem(secret) : ({ ok: false, why: 'unknown' } as const);
  if (!taken.ok) {
    const waited = failures.retryAfter(r.address);
    if (waited > 0)
      return sendJson(r.res, 429, errorJson('too-many-tries', 'too many wrong pairing links from this address', { retryAfter: waited }), { 'retry-after': String(waited) });
    failures.fail(r.address);
    if (failures.retryAfter(r.address) > 0) deps.log(`[bridge] pairing: too many wrong pairing links from ${r.address}; wrong ones refused for a while (a valid link still pairs)`);
    throw new HttpError(403, `invitation-${taken.why}`, INVITATION_WORDS[taken.why]);
  }
  const suggested = isRecord(body) ? str(body.name) : undefined;
  const { device, credential } = await deps.devices.add(taken.invitation.name ?? suggested ?? 'Phone', taken.invitation.role);
  await deps.audit.record(null, device, 'device.pair', { id: device.id, role: device.role });
  deps.log(`[bridge] paired ${device.name} (${device.id}, ${device.role})`);
  sendJson(r.res, 200, { device: asJson(device) }, { 'set-cookie': deviceCookie(credential, deps.secure) });
}

export async function thisDevice(r: PhoneRequest): Promise<void> {
  sendJson(r.res, 200, { device: asJson(paired(r)) });
}

export async function renameThisDevice(r: PhoneRequest): Promise<void> {
  const body = await readJson(r.req);
  const device = await renameDevice(r.server.deps.devices, r.server.deps.audit, paired(r).id, isRecord(body) ? body.name : undefined);
  if (!device) throw new HttpError(401, 'not-paired', 'this phone is no longer paired');
  sendJson(r.res, 200, { device: asJson(device) });
}

/** "Forget this phone": the device revokes itself, and its cookie is cleared. */
export async function forgetThisDevice(r: PhoneRequest): Promise<void> {
  await revokeDevice(r.server.deps.devices, r.server.deps.audit, paired(r).id);
  sendJson(r.res, 200, { forgotten: true }, { 'set-cookie': clearedCookie(r.server.deps.secure) });
}
