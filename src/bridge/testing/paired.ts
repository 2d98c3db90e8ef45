/** Test helper: a paired device for tests that call the phone API directly, as the phone's cookie would carry it. */
import type { Role } from '../pairing/device-file';
import type { DeviceStore } from '../pairing/device-store';
import { DEVICE_COOKIE } from '../phone/device-cookie';
import { httpsCall } from './https-call';

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
