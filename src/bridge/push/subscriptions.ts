import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PUSH_LIMITS } from '../../wire/limits';
import { isRecord, str } from '../../wire/read';
import { utf8Length } from '../../wire/utf8';
import { FatalConfigError } from '../config/config';
import { tightenFile, writePrivateFile } from '../fs/private-file';
import { HttpError } from '../phone/http-error';
import { pushFolder } from './push-keys';

/** A browser's push subscription, kept for the device that registered it. */
export interface Subscription {
  deviceId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  created: string;
}

const subscriptionsPath = (stateDir: string) => join(pushFolder(stateDir), 'subscriptions.json');
const b64url = (s: unknown, bytes: number) => typeof s === 'string' && /^[A-Za-z0-9_-]+={0,2}$/.test(s) && Buffer.from(s, 'base64url').length === bytes;

/**
 * Checks a browser's `PushSubscription` JSON: an `https://` endpoint (anything else is `400
 * bad-endpoint`, so the bridge never posts to a plain-HTTP or local-scheme address it was
 * handed), a P-256 public key and a 16-byte auth secret (else `400 bad-subscription`).
 */
export function parseSubscription(raw: unknown): { endpoint: string; keys: { p256dh: string; auth: string } } {
  const endpoint = isRecord(raw) ? str(raw.endpoint) : undefined;
  let url: URL | null = null;
  try {
    url = endpoint === undefined ? null : new URL(endpoint);
  } catch {
    url = null;
  }
  if (!endpoint || !url || url.protocol !== 'https:' || url.username || url.password || utf8Length(endpoint) > PUSH_LIMITS.endpointBytes)
    throw new HttpError(400, 'bad-endpoint', 'a push endpoint must be an https:// address');
  const keys = isRecord(raw) && isRecord(raw.keys) ? raw.keys : {};
  const p256dh = keys.p256dh;
  const auth = keys.auth;
  if (!b64url(p256dh, 65) || !b64url(auth, 16) || Buffer.from(p256dh as string, 'base64url')[0] !== 4)
    throw new HttpError(400, 'bad-subscription', 'keys.p256dh must be a P-256 public key and keys.auth 16 bytes, base64url');
  return { endpoint, keys: { p256dh: p256dh as string, auth: auth as string } };
}

/**
 * The push subscriptions of the paired devices, in `<state>/push/subscriptions.json` (0600: an
 * endpoint lets anyone who holds it wake the phone). A device keeps a few (a browser may renew
 * its subscription); the oldest goes first. A revoked device's go with it.
 */
export class SubscriptionStore {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly stateDir: string,
    private subs: Subscription[],
    private readonly now: () => number,
  ) {}

  static async open(stateDir: string, log: (line: string) => void, now: () => number): Promise<SubscriptionStore> {
    return new SubscriptionStore(stateDir, await readSubscriptions(subscriptionsPath(stateDir), log), now);
  }

  all(): readonly Subscription[] {
    return this.subs;
  }

  ofDevice(deviceId: string): Subscription[] {
    return this.subs.filter((s) => s.deviceId === deviceId);
  }

  /** Adds (or moves to this device) an endpoint; true when it was written (one kept as it is is not written again). */
  async add(deviceId: string, sub: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<boolean> {
    const kept = this.subs.find((s) => s.endpoint === sub.endpoint);
    if (kept && kept.deviceId === deviceId && kept.keys.p256dh === sub.keys.p256dh && kept.keys.auth === sub.keys.auth) return false;
    const others = this.subs.filter((s) => s.endpoint !== sub.endpoint);
    const mine = others.filter((s) => s.deviceId === deviceId);
    const dropped = new Set(mine.slice(0, Math.max(0, mine.length + 1 - PUSH_LIMITS.subscriptionsPerDevice)));
    const next: Subscription = { deviceId, endpoint: sub.endpoint, keys: sub.keys, created: new Date(this.now()).toISOString() };
    this.subs = [...others.filter((s) => !dropped.has(s)), next];
    await this.save();
    return true;
  }

  /** Removes this device's subscription at `endpoint`, or all of them; true when any went. */
  async remove(deviceId: string, endpoint?: string): Promise<boolean> {
    return this.drop((s) => s.deviceId === deviceId && (endpoint === undefined || s.endpoint === endpoint));
  }

  /** The push service said the endpoint is gone (404 / 410). */
  async removeEndpoint(endpoint: string): Promise<boolean> {
    return this.drop((s) => s.endpoint === endpoint);
  }

  settled(): Promise<void> {
    return this.writing.catch(() => undefined);
  }

  private async drop(gone: (s: Subscription) => boolean): Promise<boolean> {
    const before = this.subs.length;
    this.subs = this.subs.filter((s) => !gone(s));
    if (this.subs.length === before) return false;
    await this.save();
    return true;
  }

  private save(): Promise<void> {
    const text = `${JSON.stringify({ subscriptions: this.subs }, null, 2)}\n`;
    const written = this.writing.catch(() => undefined).then(() => writePrivateFile(subscriptionsPath(this.stateDir), text));
    this.writing = written;
    return written;
  }
}

/** Reads the file strictly, as `devices.json` is read: a broken one stops the bridge with one line. */
async function readSubscriptions(path: string, log: (line: string) => void): Promise<Subscription[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new FatalConfigError(`${path} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  await tightenFile(path, log);
  const broken = () => new FatalConfigError(`${path} must hold { "subscriptions": [ … ] } as the bridge writes it: remove it, and turn notifications on again on each phone`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw broken();
  }
  if (!isRecord(raw) || !Array.isArray(raw.subscriptions)) throw broken();
  return raw.subscriptions.map((entry: unknown) => {
    if (!isRecord(entry) || typeof entry.deviceId !== 'string' || typeof entry.created !== 'string') throw broken();
    try {
      return { deviceId: entry.deviceId, created: entry.created, ...parseSubscription(entry) };
    } catch {
      throw broken();
    }
  });
}

/** `collie doctor`'s count, read from the file without the bridge. */
export async function countSubscriptions(stateDir: string): Promise<number | null> {
  try {
    const raw: unknown = JSON.parse(await readFile(subscriptionsPath(stateDir), 'utf8'));
    return isRecord(raw) && Array.isArray(raw.subscriptions) ? raw.subscriptions.length : null;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 0 : null;
  }
}
