import { readKeptJson } from '../config/kept-json';
import { createPublicKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PUSH_LIMITS } from '../../wire/limits';
import { isRecord } from '../../wire/read';
import { FatalConfigError } from '../config/config';
import { writePrivateFile } from '../fs/private-file';
import { HttpError } from '../http/http-error';
import { BadEndpoint, pushTarget } from './push-endpoint';
import { pushFolder } from './push-keys';

/** A browser's push subscription, kept for the device that registered it. */
export interface Subscription {
  deviceId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  created: string;
}

const subscriptionsPath = (stateDir: string) => join(pushFolder(stateDir), 'subscriptions.json');
/** Whether the key is an uncompressed point on P-256 (anything else could not be encrypted for). */
function isP256Point(base64url: string): boolean {
  try {
    createPublicKey({ key: Buffer.concat([P256_SPKI_PREFIX, Buffer.from(base64url, 'base64url')]), format: 'der', type: 'spki' });
    return true;
  } catch {
    return false;
  }
}
/** The DER head of a P-256 SubjectPublicKeyInfo, before the 65-byte uncompressed point. */
const P256_SPKI_PREFIX = Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex');
const b64url = (s: unknown, bytes: number) => typeof s === 'string' && /^[A-Za-z0-9_-]+={0,2}$/.test(s) && Buffer.from(s, 'base64url').length === bytes;

/** A device whose subscription the bridge dropped because its push service kept failing: the phone says so. */
export interface Stopped {
  deviceId: string;
  /** The push service's host (never the endpoint: it is a capability). */
  host: string;
  at: string;
}

/**
 * Checks a browser's `PushSubscription` JSON: an endpoint by the one rule of `push-endpoint.ts`,
 * kept in the canonical form the sender dials (else `400 bad-endpoint`, so the bridge never posts
 * anywhere but a browser's push service), a P-256 public key and a 16-byte auth secret (else
 * `400 bad-subscription`).
 */
export function parseSubscription(raw: unknown, extraHosts: readonly string[] = []): { endpoint: string; keys: { p256dh: string; auth: string } } {
  let endpoint: string;
  try {
    endpoint = pushTarget(isRecord(raw) ? raw.endpoint : undefined, extraHosts).href;
  } catch (err) {
    if (err instanceof BadEndpoint) throw new HttpError(400, 'bad-endpoint', err.message, { cause: err });
    throw err;
  }
  const keys = isRecord(raw) && isRecord(raw.keys) ? raw.keys : {};
  const p256dh = keys.p256dh;
  const auth = keys.auth;
  if (!b64url(p256dh, 65) || !b64url(auth, 16) || !isP256Point(p256dh as string))
    throw new HttpError(400, 'bad-subscription', 'keys.p256dh must be a P-256 public key and keys.auth 16 bytes, base64url');
  return { endpoint, keys: { p256dh: p256dh as string, auth: auth as string } };
}

/**
 * The push subscriptions of the paired devices, in `<state>/push/subscriptions.json` (0600: an
 * endpoint lets anyone who holds it wake the phone). A device keeps a few (a browser may renew
 * its subscription); the oldest goes first. A revoked device's go with it. A subscription whose
 * push service kept failing is dropped and its device noted as stopped, until it subscribes again.
 */
export class SubscriptionStore {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly stateDir: string,
    private subs: Subscription[],
    private stopped: Stopped[],
    private readonly now: () => number,
  ) {}

  static async open(stateDir: string, log: (line: string) => void, now: () => number, extraHosts: readonly string[] = []): Promise<SubscriptionStore> {
    const kept = await readSubscriptions(subscriptionsPath(stateDir), log, extraHosts);
    const store = new SubscriptionStore(stateDir, kept.subs, kept.stopped, now);
    if (kept.refused > 0) {
      log(`[bridge] push: ${kept.refused} kept subscription(s) name an endpoint or key the bridge no longer accepts; deleted them (those phones turn notifications on again)`);
      await store.save();
    }
    return store;
  }

  all(): readonly Subscription[] {
    return this.subs;
  }

  ofDevice(deviceId: string): Subscription[] {
    return this.subs.filter((s) => s.deviceId === deviceId);
  }

  /** Whether this device's notifications were stopped by the bridge (its push service kept failing). */
  stoppedFor(deviceId: string): Stopped | undefined {
    return this.stopped.find((s) => s.deviceId === deviceId);
  }

  /** Adds (or moves to this device) an endpoint; true when it was written (one kept as it is is not written again). */
  async add(deviceId: string, sub: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<boolean> {
    const kept = this.subs.find((s) => s.endpoint === sub.endpoint);
    const wasStopped = this.stoppedFor(deviceId) !== undefined;
    this.stopped = this.stopped.filter((s) => s.deviceId !== deviceId);
    if (kept && kept.deviceId === deviceId && kept.keys.p256dh === sub.keys.p256dh && kept.keys.auth === sub.keys.auth) {
      if (wasStopped) await this.save();
      return false;
    }
    const others = this.subs.filter((s) => s.endpoint !== sub.endpoint);
    const mine = others.filter((s) => s.deviceId === deviceId);
    const dropped = new Set(mine.slice(0, Math.max(0, mine.length + 1 - PUSH_LIMITS.subscriptionsPerDevice)));
    const next: Subscription = { deviceId, endpoint: sub.endpoint, keys: sub.keys, created: new Date(this.now()).toISOString() };
    this.subs = [...others.filter((s) => !dropped.has(s)), next];
    await this.save();
    return true;
  }

  /** Removes this device's subscription at `endpoint`, or all of them (and its stopped note); true when any went. */
  async remove(deviceId: string, endpoint?: string): Promise<boolean> {
    if (endpoint === undefined) this.stopped = this.stopped.filter((s) => s.deviceId !== deviceId);
    return this.drop((s) => s.deviceId === deviceId && (endpoint === undefined || s.endpoint === endpoint));
  }

  /** The push service said the endpoint is gone (404 / 410). */
  async removeEndpoint(endpoint: string): Promise<boolean> {
    return this.drop((s) => s.endpoint === endpoint);
  }

  /** The push service kept failing: the subscription goes, and its device is told notifications stopped. */
  async stopFailing(sub: Subscription, host: string): Promise<boolean> {
    if (!this.subs.some((s) => s.endpoint === sub.endpoint)) return false;
    this.stopped = [...this.stopped.filter((s) => s.deviceId !== sub.deviceId), { deviceId: sub.deviceId, host, at: new Date(this.now()).toISOString() }];
    return this.drop((s) => s.endpoint === sub.endpoint);
  }

  /** Whether this subscription is still kept (a queued push for one dropped since is not sent). */
  has(sub: Subscription): boolean {
    return this.subs.some((s) => s.endpoint === sub.endpoint && s.deviceId === sub.deviceId);
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
    const text = `${JSON.stringify({ subscriptions: this.subs, stopped: this.stopped }, null, 2)}\n`;
    const written = this.writing.catch(() => undefined).then(() => writePrivateFile(subscriptionsPath(this.stateDir), text));
    this.writing = written;
    return written;
  }
}

/**
 * Reads the file strictly, as `devices.json` is read: a broken one stops the bridge with one line.
 * An entry whose endpoint an older bridge took but this one refuses is left out (and counted).
 */
async function readSubscriptions(path: string, log: (line: string) => void, extraHosts: readonly string[]): Promise<{ subs: Subscription[]; stopped: Stopped[]; refused: number }> {
  const shape = `${path} must hold { "subscriptions": [ … ] } as the bridge writes it: remove it, and turn notifications on again on each phone`;
  const broken = () => new FatalConfigError(shape);
  const kept = await readKeptJson(path, log, () => shape);
  if (!kept) return { subs: [], stopped: [], refused: 0 };
  const raw = kept.raw;
  if (!isRecord(raw) || !Array.isArray(raw.subscriptions) || (raw.stopped !== undefined && !Array.isArray(raw.stopped))) throw broken();
  let refused = 0;
  const subs: Subscription[] = [];
  for (const entry of raw.subscriptions as unknown[]) {
    if (!isRecord(entry) || typeof entry.deviceId !== 'string' || typeof entry.created !== 'string') throw broken();
    try {
      subs.push({ deviceId: entry.deviceId, created: entry.created, ...parseSubscription(entry, extraHosts) });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      // An endpoint or key an older bridge took but this one refuses: left out, counted, said once.
      if (err.code !== 'bad-endpoint' && err.code !== 'bad-subscription') throw broken();
      refused += 1;
    }
  }
  const stopped = ((raw.stopped ?? []) as unknown[]).map((entry) => {
    if (!isRecord(entry) || typeof entry.deviceId !== 'string' || typeof entry.host !== 'string' || typeof entry.at !== 'string') throw broken();
    return { deviceId: entry.deviceId, host: entry.host, at: entry.at };
  });
  return { subs, stopped, refused };
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
