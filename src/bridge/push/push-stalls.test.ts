import { describe, expect, it } from 'vitest';
import { PUSH_LIMITS } from '../../wire/limits';
import { pushTestPerFile } from '../testing/push-rig';

/** A push service that stalls or fails delays and costs only its own subscriptions. */
const pushTest = pushTestPerFile();

/** Raises an ask in a conversation of its own, and waits until it is decided and its pushes queued (not sent). */
async function raise(n: number): Promise<void> {
  pushTest.rig.ask(pushTest.rig.pane(`p${n}`), `q${n}`);
  await pushTest.rig.bridge.agents.get('desk')!.poller.poll();
  await pushTest.rig.bridge.push.watcher.settled();
}

describe('pushes to several phones', () => {
  it("are not held back by other subscriptions' push services that never answer", async () => {
    const owner = await pushTest.rig.phone();
    const stalled = [];
    for (let i = 0; i < 4; i += 1) {
      const watch = await pushTest.rig.phone('watch');
      pushTest.service.answer(watch.sub.id, 'stall');
      stalled.push(watch.sub.id);
    }
    for (let n = 1; n <= 6; n += 1) await raise(n);
    // Every one of the owner's six arrives while the four stalled services still hold their first push.
    await pushTest.service.waitFor(6);
    expect(pushTest.service.received.map((p) => p.id)).toEqual(Array(6).fill(owner.sub.id));
    await pushTest.service.waitForStalled(4);
    expect(new Set(pushTest.service.stalled)).toEqual(new Set(stalled));
    expect(pushTest.service.stalled).toHaveLength(4); // one at a time per subscription: the rest wait in its lane
    pushTest.service.release();
    await pushTest.rig.bridge.push.settled();
  });

  it('a subscription nothing can be encrypted for fails as a push, never as the bridge, and is dropped like any failing one', async () => {
    const owner = await pushTest.rig.phone();
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    // Kept before this bridge checked keys on the curve (the subscription route now refuses it).
    await pushTest.rig.bridge.push.subscriptions.add('d-old', {
      endpoint: `${owner.sub.json.endpoint}-old`,
      keys: { p256dh: offCurve.toString('base64url'), auth: owner.sub.json.keys.auth },
    });
    for (let n = 1; n <= PUSH_LIMITS.failuresBeforeDrop; n += 1) {
      await raise(n);
      await pushTest.rig.bridge.push.settled();
    }
    expect(pushTest.service.received.filter((p) => p.id === owner.sub.id)).toHaveLength(PUSH_LIMITS.failuresBeforeDrop);
    expect(pushTest.rig.bridge.push.subscriptions.all().map((s) => s.endpoint)).toEqual([owner.sub.json.endpoint]);
    expect(pushTest.rig.log.filter((line) => line.includes('cannot encrypt for this subscription'))).toHaveLength(PUSH_LIMITS.failuresBeforeDrop);
  });

  it(`drop a subscription whose service fails ${PUSH_LIMITS.failuresBeforeDrop} times in a row, with one log line, and its phone is told`, async () => {
    const owner = await pushTest.rig.phone();
    const watch = await pushTest.rig.phone('watch');
    pushTest.service.answer(watch.sub.id, 500);
    const key = async (cookie: string) => (await pushTest.rig.api('GET', '/api/push/key', cookie)).json() as Promise<{ subscribed: boolean; stopped?: { at: string } }>;
    for (let n = 1; n <= PUSH_LIMITS.failuresBeforeDrop; n += 1) {
      expect(await key(watch.cookie), `after ${n - 1}`).toEqual({ publicKey: expect.any(String), subscribed: true });
      await raise(n);
      await pushTest.rig.bridge.push.settled();
    }
    expect(pushTest.rig.bridge.push.subscriptions.all().map((s) => s.endpoint)).toEqual([owner.sub.json.endpoint]);
    expect(pushTest.rig.log.filter((line) => line.includes('stopped notifying'))).toHaveLength(1);
    expect(pushTest.rig.log.join('\n')).not.toContain(watch.sub.json.endpoint);
    expect(await key(watch.cookie)).toEqual({ publicKey: expect.any(String), subscribed: false, stopped: { at: expect.any(String) } });
    expect(await key(owner.cookie)).toEqual({ publicKey: expect.any(String), subscribed: true });
    expect(pushTest.service.received.filter((p) => p.id === owner.sub.id)).toHaveLength(PUSH_LIMITS.failuresBeforeDrop);

    // The next ask is not tried there; turning notifications on again clears the note.
    await raise(9);
    await pushTest.rig.bridge.push.settled();
    expect(pushTest.service.attempts.filter((id) => id === watch.sub.id)).toHaveLength(PUSH_LIMITS.failuresBeforeDrop);
    pushTest.service.answer(watch.sub.id, 201);
    expect((await pushTest.rig.api('POST', '/api/push/subscription', watch.cookie, watch.sub.json)).status).toBe(200);
    expect(await key(watch.cookie)).toEqual({ publicKey: expect.any(String), subscribed: true });
  });
});
