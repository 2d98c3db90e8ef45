import { readFile, stat } from 'node:fs/promises';
import { keysPath } from '../push/push-keys';
import { countSubscriptions } from '../push/subscriptions';
import type { CheckResult } from './doctor-socket';

/**
 * `push`: whether the bridge has its VAPID keys and how many subscriptions it keeps, read from
 * the state folder without the bridge. It never shows a key, and changes nothing (a file group or
 * others can read is a FAIL, not tightened here).
 */
export async function pushCheck(stateDir: string): Promise<CheckResult> {
  const path = keysPath(stateDir);
  const subscriptions = await countSubscriptions(stateDir);
  const counted = subscriptions === null ? 'subscriptions unreadable' : `${subscriptions} ${subscriptions === 1 ? 'subscription' : 'subscriptions'}`;
  let mode: number;
  let text: string;
  try {
    mode = (await stat(path)).mode & 0o777;
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: true, text: `no keys yet (made when a phone first turns notifications on), ${counted}` };
    return { ok: false, text: `${path} cannot be read (${code ?? 'error'})` };
  }
  if ((mode & 0o077) !== 0) return { ok: false, text: `${path} has mode ${mode.toString(8).padStart(4, '0')}, so group or others can read the private key: chmod 600 ${path}` };
  let keys: unknown = null;
  try {
    keys = JSON.parse(text);
  } catch {
    // said below; the file is never echoed
  }
  const set = typeof keys === 'object' && keys !== null && 'privateKey' in keys && 'publicKey' in keys;
  if (!set) return { ok: false, text: `${path} is not a key pair: the bridge would not start; remove it and turn notifications on again on each phone` };
  return { ok: subscriptions !== null, text: `keys set, ${counted}` };
}
