import { describe, expect, it } from 'vitest';
import { MAX_WAITING, PairingRequests } from './pairing-requests';

const SECRET = (n: number) => `${'S'.repeat(42)}${n}`;
const phone = { id: 'd-1', name: 'Pixel 7', role: 'control' as const, created: '', lastSeen: null };

function requests() {
  let now = 1_000_000;
  const held = new PairingRequests(() => now);
  const hold = (n: number, expiresIn = 600_000) =>
    held.hold(SECRET(n), {
      name: `Phone ${n}`,
      role: 'control',
      made: null,
      madeAt: now,
      from: { address: '127.0.0.1', browser: 'Chrome on Android' },
      expiresAt: now + expiresIn,
    });
  return { held, hold, pass: (ms: number) => (now += ms) };
}

describe('devices waiting to pair', () => {
  it('are shown until decided, once each; a decision is taken once and by a phone', () => {
    const { held, hold } = requests();
    const request = hold(1);
    expect(held.waiting().map((r) => r.name)).toEqual(['Phone 1']);
    const version = held.version;
    expect(held.decide(request.id, true, phone)?.state).toBe('allowed');
    expect(held.version).toBeGreaterThan(version);
    expect(held.decide(request.id, false, phone)).toBeNull();
    expect(held.waiting()).toEqual([]);
    expect(held.find(SECRET(1))?.decidedBy).toEqual({ id: 'd-1', name: 'Pixel 7' });
    held.collect(SECRET(1));
    expect(held.find(SECRET(1))).toBeUndefined();
  });

  it('end with their link, and at most a few wait at once (a new one ends the oldest)', () => {
    const { held, hold, pass } = requests();
    const short = hold(1, 1000);
    pass(1001);
    expect(held.find(SECRET(1))?.state).toBe('expired');
    expect(held.decide(short.id, true, phone)).toBeNull();
    for (let n = 2; n < 2 + MAX_WAITING + 1; n += 1) hold(n);
    expect(held.waiting()).toHaveLength(MAX_WAITING);
    expect(held.find(SECRET(2))?.state).toBe('expired');
    pass(10 * 60_000 + 60_001);
    expect(held.find(SECRET(3))).toBeUndefined(); // forgotten once its link could no longer be tried
  });

  it('wake a device waiting for the decision at once', async () => {
    const { held, hold } = requests();
    const request = hold(1);
    const waited = held.decided(request, 60_000, new AbortController().signal);
    held.decide(request.id, false, phone);
    await waited;
    expect(request.state).toBe('refused');
  });
});
