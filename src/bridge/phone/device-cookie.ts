import type { IncomingMessage } from 'node:http';

/** The cookie that carries a paired device's credential; page script never sees it (HttpOnly). */
export const DEVICE_COOKIE = 'collie_device';
/** Browsers keep a cookie at most 400 days; the device is forgotten sooner only when revoked. */
const MAX_AGE_S = 400 * 24 * 60 * 60;

export function credentialOf(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return rest.join('=');
  }
  return undefined;
}

/** `Set-Cookie` for a new credential: HttpOnly, SameSite=Strict, and Secure over HTTPS. */
export function deviceCookie(credential: string, secure: boolean): string {
  return [`${DEVICE_COOKIE}=${credential}`, 'Path=/', `Max-Age=${MAX_AGE_S}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
}

/** `Set-Cookie` that removes the credential (a forgotten or revoked device). */
export function clearedCookie(secure: boolean): string {
  return [`${DEVICE_COOKIE}=`, 'Path=/', 'Max-Age=0', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
}
