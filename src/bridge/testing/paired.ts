/** Test helper: a paired device for tests that call the phone API directly, as the phone's cookie would carry it. */
import type { Role } from '../pairing/device-file';
import type { DeviceStore } from '../pairing/device-store';
import { DEVICE_COOKIE } from '../phone/device-cookie';

/** Opens a pairing link as the phone's page does: the secret from the fragment, traded for the cookie. */
export async function redeemLink(link: string): Promise<string> {
  const url = new URL(link);
  const secret = new URLSearchParams(url.hash.slice(1)).get('pair');
  const reply = await fetch(new URL('/api/pair', url.origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ secret, name: 'Test phone' }),
  });
  const cookie = reply.headers.get('set-cookie')?.split(';')[0];
  if (reply.status !== 200 || !cookie) throw new Error(`pairing through ${url.origin} failed: ${reply.status} ${await reply.text()}`);
  return cookie;
}

export async function pairedCookie(devices: DeviceStore, role: Role = 'control', name = 'Test phone'): Promise<string> {
  const { credential } = await devices.add(name, role);
  return `${DEVICE_COOKIE}=${credential}`;
}
