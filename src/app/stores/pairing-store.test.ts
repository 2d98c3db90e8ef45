import { describe, expect, it } from 'vitest';
import type { DeviceJson } from '../../wire/pairing-json';
import { BridgeHttpError, type BridgeClient } from '../phone-api-client';
import { browserName } from '../../wire/browser-name';
import { createPairingStore } from './pairing-store';

const DEVICE: DeviceJson = { id: 'd-1', name: 'Chrome on Android', role: 'control' };

function rig(hash: string, client: Partial<BridgeClient>) {
  const env = { hash, replaced: [] as string[], changed: null as (() => void) | null };
  const store = createPairingStore(client as BridgeClient, {
    readHash: () => env.hash,
    replaceHash: (next) => (env.replaced.push(next), (env.hash = next)),
    suggestedName: () => 'Chrome on Android',
    onHashChange: (listener) => {
      env.changed = listener;
      return () => (env.changed = null);
    },
  });
  return { store, env };
}

/** The store's reads are promises the fake client settles at once: a macrotask later they are done. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the pairing store', () => {
  it('takes the secret off the address bar before it sends it, then is paired', async () => {
    const sent: unknown[] = [];
    const { store, env } = rig('#pair=' + 'a'.repeat(43), {
      pair: async (request) => {
        expect(env.hash).toBe('#/'); // already gone from the address when the request leaves
        sent.push(request);
        return { device: DEVICE };
      },
    });
    store.start();
    await settle();
    expect(env.replaced).toEqual(['#/']);
    expect(sent).toEqual([{ secret: 'a'.repeat(43), name: 'Chrome on Android' }]);
    expect(store.state.value).toEqual({ phase: 'paired', device: DEVICE });
    expect(store.canAct.value).toBe(true);
  });

  it('says why a link did not pair: used, expired, unknown, or too many tries', async () => {
    for (const [err, want] of [
      [new BridgeHttpError(403, 'invitation-used', ''), { phase: 'unpaired', why: 'used' }],
      [new BridgeHttpError(403, 'invitation-expired', ''), { phase: 'unpaired', why: 'expired' }],
      [new BridgeHttpError(403, 'invitation-unknown', ''), { phase: 'unpaired', why: 'unknown' }],
      [new BridgeHttpError(429, 'too-many-tries', '', 600), { phase: 'unpaired', why: 'limited', retryAfter: 600 }],
    ] as const) {
      const { store } = rig('#pair=' + 'b'.repeat(43), { pair: () => Promise.reject(err) });
      store.start();
      await settle();
      expect(store.state.value).toEqual(want);
    }
  });

  it('while a paired phone must allow it, says it waits and asks again with the same link; refused, it says so', async () => {
    const replies: (() => Promise<Awaited<ReturnType<BridgeClient['pair']>>>)[] = [];
    let asked = 0;
    const { store } = rig('#pair=' + 'c'.repeat(43), { pair: () => (asked++, replies.shift()!()) });
    let release: () => void = () => {};
    replies.push(
      () => Promise.resolve({ waiting: { expiresAt: '2026-12-04T10:10:00.000Z' } }),
      () => new Promise((resolve) => (release = () => resolve({ device: DEVICE }))),
    );
    store.start();
    await settle();
    expect(store.state.value).toEqual({ phase: 'waiting', expiresAt: '2026-12-04T10:10:00.000Z' });
    expect(asked).toBe(2);
    release();
    await settle();
    expect(store.state.value).toEqual({ phase: 'paired', device: DEVICE });

    const refused = rig('#pair=' + 'd'.repeat(43), { pair: () => Promise.reject(new BridgeHttpError(403, 'invitation-refused', '')) });
    refused.store.start();
    await settle();
    expect(refused.store.state.value).toEqual({ phase: 'unpaired', why: 'refused' });
  });

  it('without a link: paired when the bridge knows the phone, the pairing screen on 401, and unpaired when a read is refused later', async () => {
    const known = rig('#/agent/desk', { device: async () => ({ device: { ...DEVICE, role: 'watch' } }) });
    known.store.start();
    await settle();
    expect(known.store.canAct.value).toBe(false);
    known.store.lost();
    expect(known.store.state.value).toEqual({ phase: 'unpaired', why: 'revoked' });
    const stranger = rig('', { device: () => Promise.reject(new BridgeHttpError(401, 'not-paired', '')) });
    stranger.store.start();
    await settle();
    expect(stranger.store.state.value).toEqual({ phase: 'unpaired', why: 'never' });
    const offline = rig('', { device: () => Promise.reject(new TypeError('fetch failed')) });
    offline.store.start();
    await settle();
    expect(offline.store.state.value).toEqual({ phase: 'paired', device: null });
  });
});

describe("the check's answer, for the first paint", () => {
  it('settles when the check has its answer, whichever it is, and not before', async () => {
    let answer!: (device: { device: DeviceJson }) => void;
    const slow = rig('', { device: () => new Promise((resolve) => (answer = resolve)) });
    let done = false;
    slow.store.start();
    void slow.store.checked().then(() => (done = true));
    await settle();
    expect(done).toBe(false);
    answer({ device: DEVICE });
    await settle();
    expect(done).toBe(true);
    const refused = rig('', { device: () => Promise.reject(new BridgeHttpError(401, 'not-paired', '')) });
    refused.store.start();
    await expect(refused.store.checked()).resolves.toBeUndefined();
  });
});

describe('a pairing link opened in the running app', () => {
  it('is redeemed when the address changes to it', async () => {
    const { store, env } = rig('#/', { device: () => Promise.reject(new BridgeHttpError(401, 'not-paired', '')), pair: async () => ({ device: DEVICE }) });
    const stop = store.start();
    await settle();
    expect(store.state.value.phase).toBe('unpaired');
    env.hash = '#pair=' + 'c'.repeat(43);
    env.changed?.();
    await settle();
    expect(store.state.value).toEqual({ phase: 'paired', device: DEVICE });
    expect(env.hash).toBe('#/');
    stop();
    expect(env.changed).toBeNull();
  });
});

describe('browserName', () => {
  it('names the browser and the system, only as a suggestion', () => {
    expect(browserName('Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(browserName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1')).toBe(
      'Safari on iPhone',
    );
    expect(browserName('curl/8')).toBe('Browser');
  });
});
