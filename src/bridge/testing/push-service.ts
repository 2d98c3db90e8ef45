/**
 * Test helper: a push service of the test's own. An HTTPS server on 127.0.0.1 (a certificate from
 * a throwaway CA) that takes the bridge's pushes as a browser vendor's would, checks each one's
 * VAPID signature (RFC 8292), and decrypts it with the subscription's private keys (RFC 8291,
 * `aes128gcm` of RFC 8188): so a test sees exactly what a phone would, through the real path.
 */
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import { Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { makeTestCa } from './tls';

export interface ReceivedPush {
  /** Which subscription it was sent to (the endpoint's last segment). */
  id: string;
  headers: { ttl: string | undefined; topic: string | undefined; urgency: string | undefined };
  /** The VAPID key that signed it (the `k` of its Authorization header). */
  vapidKey: string;
  /** The decrypted body, as the phone's service worker gets it. */
  text: string;
  json: unknown;
}

export interface TestSubscription {
  id: string;
  /** What a browser's `PushSubscription.toJSON()` gives. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface TestPushService {
  /** The CA's certificate, for the bridge to trust (an HTTPS agent, or `NODE_EXTRA_CA_CERTS`). */
  ca: Buffer;
  agent: Agent;
  /** Its `host:port`, which the bridge is told to accept besides the browsers' push services. */
  host: string;
  received: ReceivedPush[];
  /** Every push that reached the service, by subscription id, whatever it answered. */
  attempts: string[];
  /** A browser's subscription at this service: its own P-256 key pair and 16-byte auth secret. */
  subscribe(): TestSubscription;
  /** What the service answers for a subscription from now on (201 by default; 410 for one that is gone; 'stall' never answers until `release`). */
  answer(id: string, status: number | 'stall'): void;
  /** Pushes held by stalled subscriptions, as they arrived (their subscription ids). */
  stalled: string[];
  /** Resolves when at least `count` pushes are being held. */
  waitForStalled(count: number): Promise<void>;
  /** Answers every held push (201) and stops stalling. */
  release(): void;
  /** Resolves when at least `count` pushes have arrived in all. */
  waitFor(count: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm body, decrypted with the user agent's keys. */
export function decryptPush(body: Buffer, ua: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const cipher = body.subarray(21 + idlen);
  const uaPublic = ua.getPublicKey();
  const secret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(hmac(auth, secret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then any padding of zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('the push has no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>`: ES256 by that key, for this service's origin, not expired. */
function vapidKeyOf(header: string | undefined, origin: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [head, claims, signature] = match[1]!.split('.') as [string, string, string];
  const raw = Buffer.from(match[2]!, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  const { aud, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number };
  if (!ok || aud !== origin || exp * 1000 < Date.now()) throw new Error('a VAPID signature that does not hold');
  return match[2]!;
}

export async function startPushService(dir: string): Promise<TestPushService> {
  const tls = await makeTestCa(dir);
  const keys = new Map<string, { ua: ECDH; auth: Buffer }>();
  const statuses = new Map<string, number | 'stall'>();
  const stalled: string[] = [];
  const held: (() => void)[] = [];
  const stallWaiters: { count: number; resolve: () => void }[] = [];
  const received: ReceivedPush[] = [];
  const attempts: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let origin = '';
  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const id = (req.url ?? '').split('/').pop() ?? '';
    if (statuses.get(id) === 'stall') {
      stalled.push(id);
      held.push(() => res.writeHead(201).end());
      for (const w of stallWaiters.filter((w) => stalled.length >= w.count)) w.resolve();
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const sub = keys.get(id);
      attempts.push(id);
      try {
        if (!sub || req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`unknown subscription ${id}`);
        const vapidKey = vapidKeyOf(req.headers.authorization, origin);
        const text = decryptPush(Buffer.concat(chunks), sub.ua, sub.auth);
        const status = (statuses.get(id) as number | undefined) ?? 201;
        if (status === 201) {
          const header = (name: string) => req.headers[name] as string | undefined;
          received.push({ id, headers: { ttl: header('ttl'), topic: header('topic'), urgency: header('urgency') }, vapidKey, text, json: JSON.parse(text) });
          for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve();
        }
        res.writeHead(status).end();
      } catch (err) {
        res.writeHead(400).end(err instanceof Error ? err.message : 'bad push');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: tls.ca });
  return {
    ca: tls.ca,
    agent,
    host: new URL(origin).host,
    received,
    attempts,
    subscribe() {
      const id = `s${keys.size + 1}-${randomBytes(4).toString('hex')}`;
      const ua = createECDH('prime256v1');
      ua.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ua, auth });
      return { id, json: { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: ua.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } };
    },
    answer: (id, status) => void statuses.set(id, status),
    stalled,
    waitForStalled: (count) => (stalled.length >= count ? Promise.resolve() : new Promise((resolve) => stallWaiters.push({ count, resolve }))),
    release() {
      for (const [id, status] of statuses) if (status === 'stall') statuses.delete(id);
      for (const answer of held.splice(0)) answer();
    },
    waitFor: (count) => (received.length >= count ? Promise.resolve(received) : new Promise((resolve) => waiters.push({ count, resolve: () => resolve(received) }))),
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        for (const answer of held.splice(0)) answer();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
