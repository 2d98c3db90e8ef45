/** Test helper: a paired device for tests that call the phone API directly, as the phone's cookie would carry it. */
import type { DashboardJson } from '../../wire/bridge-json';
import type { PairingRequestJson } from '../../wire/pairing-json';
import type { Role } from '../pairing/device-file';
import type { DeviceStore } from '../pairing/device-store';
import { DEVICE_COOKIE } from '../phone/device-cookie';
import { httpsCall, type HttpsReply } from './https-call';

/**
 * Opens a pairing link as the phone's page does: the secret from the fragment, traded for the
 * cookie. `ca` is the test CA an HTTPS bridge's certificate is signed by.
 */
export async function redeemLink(link: string, ca?: Buffer): Promise<string> {
  const url = new URL(link);
  const secret = new URLSearchParams(url.hash.slice(1)).get('pair');
  const request = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ secret, name: 'Test phone' }) };
  const reply = ca
    ? await httpsCall(new URL('/api/pair', url.origin), { ...request, ca })
    : await fetch(new URL('/api/pair', url.origin), request).then(async (res) => ({
        status: res.status,
        headers: { 'set-cookie': res.headers.get('set-cookie') ?? undefined },
        text: await res.text(),
      }));
  const setCookie = reply.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0];
  if (reply.status !== 200 || !cookie) throw new Error(`pairing through ${url.origin} failed: ${reply.status} ${reply.text}`);
  return cookie;
}

export async function pairedCookie(devices: DeviceStore, role: Role = 'control', name = 'Test phone'): Promise<string> {
  const { credential } = await devices.add(name, role);
  return `${DEVICE_COOKIE}=${credential}`;
}

/** One exchange with a bridge, over HTTPS trusting the test CA `ca` when given, else with fetch. */
async function call(url: URL, init: { method?: string; headers?: Record<string, string>; body?: string }, ca?: Buffer): Promise<HttpsReply> {
  if (ca) return httpsCall(url, { ...init, ca });
  const res = await fetch(url, init);
  return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
}

/** A device waiting to pair (the first, or the first `which` picks) as a paired phone sees it on its dashboard, once it shows. */
export async function waitingRequest(
  origin: string,
  approverCookie: string,
  which: (r: PairingRequestJson) => boolean = () => true,
  ca?: Buffer,
  timeoutMs = 10_000,
): Promise<PairingRequestJson> {
  const deadline = Date.now() + timeoutMs;
  let etag: string | null = null;
  for (;;) {
    const res = await call(new URL(`/api/dashboard${etag ? '?wait=1' : ''}`, origin), { headers: { cookie: approverCookie, ...(etag ? { 'if-none-match': etag } : {}) } }, ca);
    if (res.status === 200) {
      const found = (JSON.parse(res.text) as DashboardJson).pairing?.find(which);
      if (found) return found;
      etag = String(res.headers.etag ?? '');
    } else if (res.status !== 304) throw new Error(`the dashboard answered ${res.status}`);
    if (Date.now() > deadline) throw new Error('no device waited to pair');
  }
}

/**
 * Opens a pairing link while a phone is paired already, as a second phone does: it is told to
 * wait; the paired phone (`approverCookie`) allows it as soon as it sees a device of that name
 * waiting (`name`: the link's own name, else the one this phone suggests); it asks again, and pairs.
 */
export async function pairAllowed(origin: string, secret: string, approverCookie: string, name = 'Test phone', ca?: Buffer): Promise<HttpsReply> {
  const json = { 'content-type': 'application/json' };
  const ask = () => call(new URL('/api/pair', origin), { method: 'POST', headers: json, body: JSON.stringify({ secret, name }) }, ca);
  const first = await ask();
  if (first.status !== 202) throw new Error(`the new phone was not told to wait: ${first.status} ${first.text}`);
  const request = await waitingRequest(origin, approverCookie, (r) => r.name === name, ca);
  const decision = { method: 'POST', headers: { cookie: approverCookie, ...json }, body: JSON.stringify({ allow: true }) };
  const decided = await call(new URL(`/api/pairing/${request.id}`, origin), decision, ca);
  if (decided.status !== 200) throw new Error(`the paired phone could not allow it: ${decided.status}`);
  return ask();
}

/** `pairAllowed` for a whole link, as `redeemLink`: the new phone's cookie. */
export async function redeemAllowed(link: string, approverCookie: string, name = 'Test phone', ca?: Buffer): Promise<string> {
  const url = new URL(link);
  const reply = await pairAllowed(url.origin, new URLSearchParams(url.hash.slice(1)).get('pair') ?? '', approverCookie, name, ca);
  const setCookie = reply.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0];
  if (reply.status !== 200 || !cookie) throw new Error(`pairing through ${url.origin} failed: ${reply.status} ${reply.text}`);
  return cookie;
}
