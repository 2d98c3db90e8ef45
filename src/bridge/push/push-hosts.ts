/**
 * The browsers' push services: a subscription's endpoint must be one of theirs, so a paired device
 * cannot make the bridge post to any address it names (its own network, say). A name that starts
 * with a dot stands for any host under it. Tests add their own push service's `host:port`. (GCM's
 * `android.googleapis.com` is not one: Google shut it down in 2019, and it takes no VAPID.)
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com', // Chrome, Edge's Chromium engines on Android, Samsung Internet, Opera, Brave
  'updates.push.services.mozilla.com', // Firefox
  '.push.apple.com', // Safari (web.push.apple.com)
  '.notify.windows.com', // Edge on Windows (WNS)
];

/** Whether an endpoint's host (with its port, as `URL.host` gives it) is a push service's. */
export function isPushServiceHost(host: string, extra: readonly string[] = []): boolean {
  const name = host.toLowerCase();
  if (extra.includes(name)) return true;
  if (name.includes(':')) return false; // the services listen on the standard port
  return PUSH_SERVICE_HOSTS.some((known) => (known.startsWith('.') ? name.endsWith(known) && name.length > known.length : name === known));
}
