import type { DeviceJson, PairingDecisionReply, PairReply } from '../../wire/pairing-json';
import { cleanField } from '../../wire/clean';
import { INVITATION_MS } from '../../wire/pairing-link';
import { browserName } from '../../wire/browser-name';
import type { Role } from '../pairing/device-file';
import { deviceName } from '../pairing/device-store';
import type { PairingRequest } from '../pairing/pairing-requests';
import { isRecord, str } from '../../wire/read';
import type { DeviceInfo } from '../pairing/device-store';
import { renameDevice, revokeDevice } from '../pairing/device-changes';
import { looksLikeSecret } from '../../wire/pairing-link';
import { clearedCookie, deviceCookie } from './device-cookie';
import { errorJson, HttpError } from '../http/http-error';
import { readJson, sendJson } from '../http/http-json';
import { paired } from '../pairing/route-request';
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
 *
 * While a phone that may act is paired, a new device pairs only once that phone allows it
 * (docs/bridge.md §10): its link is held (`202 waiting`), and it asks again with the same link,
 * each ask held until a phone decides; allowed, it pairs; refused, `403 invitation-refused`.
 */
export async function redeem(r: PhoneRequest): Promise<void> {
  const { deps, failures } = r.server;
  const body = await readJson(r.req);
  const secret = isRecord(body) ? body.secret : undefined;
  const held = looksLikeSecret(secret) ? deps.pairingRequests.find(secret) : undefined;
  if (held) return answerHeld(r, secret as string, held);
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
  const { invitation } = taken;
  const name = deviceName(invitation.name ?? suggested ?? 'Phone');
  if (!deps.devices.list().some((d) => d.role === 'control')) return pairNow(r, name, invitation.role, null);
  const request = deps.pairingRequests.hold(secret as string, {
    name,
    role: invitation.role,
    made: invitation.made ?? null,
    madeAt: invitation.expiresAt - INVITATION_MS,
    from: { address: r.address, browser: cleanField.line(browserName(str(r.req.headers['user-agent']) ?? '')).text },
    expiresAt: invitation.expiresAt,
  });
  deps.log(`[bridge] pairing: ${name} (${request.id}) waits for a paired phone to allow it`);
  // Told at once, so the new phone says what it waits for; its next asks are held for the answer.
  return answerHeld(r, secret as string, request, 0);
}

/** A held device: its decision, waited for up to `waitMs` (a long-poll's time), or `202 waiting` to ask again. */
async function answerHeld(r: PhoneRequest, secret: string, request: PairingRequest, waitMs = r.server.limits.pairWaitMs): Promise<void> {
  const { deps } = r.server;
  const gone = new AbortController();
  r.res.on('close', () => gone.abort());
  if (waitMs > 0) await deps.pairingRequests.decided(request, waitMs, gone.signal);
  if (request.state === 'allowed') {
    deps.pairingRequests.collect(secret);
    return pairNow(r, request.name, request.role, request.decidedBy ?? null);
  }
  if (request.state === 'refused') throw new HttpError(403, 'invitation-refused', 'a paired phone refused this device');
  if (request.state === 'expired') throw new HttpError(403, 'invitation-expired', INVITATION_WORDS.expired);
  sendJson(r.res, 202, { waiting: { expiresAt: new Date(request.expiresAt).toISOString() } } satisfies PairReply);
}

async function pairNow(r: PhoneRequest, name: string, role: Role, allowedBy: Pick<DeviceInfo, 'id' | 'name'> | null): Promise<void> {
  const { deps } = r.server;
  const { device, credential } = await deps.devices.add(name, role);
  await deps.audit.record(null, device, 'device.pair', { id: device.id, role: device.role, ...(allowedBy ? { allowedBy: allowedBy.id } : {}) });
  deps.log(`[bridge] paired ${device.name} (${device.id}, ${device.role})${allowedBy ? `, allowed on ${allowedBy.name}` : ''}`);
  sendJson(r.res, 200, { device: asJson(device) } satisfies PairReply, { 'set-cookie': deviceCookie(credential, deps.secure) });
}

/** `POST /api/pairing/:requestId`: a paired phone that may act allows or refuses a device waiting to pair. */
export async function decidePairing(r: PhoneRequest): Promise<void> {
  const body = await readJson(r.req);
  const allow = isRecord(body) ? body.allow : undefined;
  if (typeof allow !== 'boolean') throw new HttpError(400, 'bad-request', 'allow (true or false) is required');
  const device = paired(r);
  const request = r.server.deps.pairingRequests.decide(r.params.requestId ?? '', allow, device);
  if (!request) return sendJson(r.res, 200, { outcome: 'gone' } satisfies PairingDecisionReply);
  await r.server.deps.audit.record(null, device, allow ? 'device.pair-allowed' : 'device.pair-refused', { id: request.id, name: request.name, role: request.role });
  r.server.deps.log(`[bridge] pairing: ${device.name} ${allow ? 'allowed' : 'refused'} ${request.name} (${request.id})`);
  sendJson(r.res, 200, { outcome: allow ? 'allowed' : 'refused' } satisfies PairingDecisionReply);
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
