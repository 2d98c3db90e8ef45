import { beforeEach, describe, expect, it } from 'vitest';
import type { PushPayload } from '../../wire/push-payload';
import { pushTestPerFile } from '../testing/push-rig';

/**
 * The seeds' limits, exactly, over the real push path with a fake clock: per conversation 3 a
 * minute; per agent host 10 a minute and 30 an hour; the 31st becomes one summary, then an hour
 * of silence for that host, which a bridge restart does not end.
 */
const pushTest = pushTestPerFile();
let sub: string;

beforeEach(async () => {
  sub = (await pushTest.rig.phone()).sub.id;
});

const MINUTE = 60_000;
const pushes = () => pushTest.service.received.filter((p) => p.id === sub).map((p) => p.json as PushPayload);
const titles = () => pushes().map((p) => (p.kind === 'ask' ? p.title : p.kind));

/** `n` asks in each of `panes` conversations at once, then one look. */
async function burst(tag: string, panes: number, n: number) {
  for (let i = 0; i < panes; i += 1) for (let j = 0; j < n; j += 1) pushTest.rig.ask(pushTest.rig.pane(`p${i}`), `${tag}-${i}-${j}`, `${tag} ${i}.${j}`);
  await pushTest.rig.settle();
}

describe('the push limits', () => {
  it('per conversation: 3 a minute; the rest show their cards only, and are never pushed later', async () => {
    await burst('a', 1, 5);
    expect(titles()).toEqual(['a 0.0', 'a 0.1', 'a 0.2']);
    pushTest.rig.clock.now += MINUTE + 1;
    await pushTest.rig.settle(); // the two held back are decided: not pushed now either
    await burst('b', 1, 1);
    expect(titles()).toEqual(['a 0.0', 'a 0.1', 'a 0.2', 'b 0.0']);
  });

  it('per agent host: 10 a minute across its conversations', async () => {
    await burst('a', 12, 1);
    expect(titles()).toHaveLength(10);
    await burst('b', 1, 1);
    expect(titles()).toHaveLength(10);
    pushTest.rig.clock.now += MINUTE + 1;
    await burst('c', 1, 1);
    expect(titles().at(-1)).toBe('c 0.0');
  });

  it('the 31st in an hour becomes one summary, then an hour of silence that survives a restart', async () => {
    for (let minute = 0; minute < 3; minute += 1) {
      await burst(`m${minute}`, 10, 1);
      pushTest.rig.clock.now += MINUTE + 1;
    }
    expect(titles()).toHaveLength(30);
    await burst('late', 3, 1);
    const summary = pushes().at(-1);
    expect(pushes()).toHaveLength(31);
    expect(summary).toMatchObject({ kind: 'summary', agent: 'desk', waiting: 3 });
    expect(pushTest.rig.log.some((line) => line.startsWith('[bridge] push: desk reached 30 pushes in an hour'))).toBe(true);

    pushTest.rig.clock.now += 30 * MINUTE;
    await burst('silent', 1, 1);
    await pushTest.rig.restartBridge();
    await burst('still-silent', 2, 1);
    expect(pushes()).toHaveLength(31);
    pushTest.rig.clock.now += 30 * MINUTE;
    await burst('after', 1, 1);
    expect(titles().slice(30)).toEqual(['summary', 'after 0.0']);
    expect(pushTest.rig.bridge.push.watcher.counts.suppressed.silence).toBe(2); // since the restart: still-silent's two
  });

  it('measured: a burst of 100 asks at once, and 100 asks one every 20 s', async () => {
    // Three of p0, p1 and p2 each, one of p3: then the host's minute is full (p0–p2's other two meet their own limit first).
    await burst('burst', 20, 5);
    const once = structuredClone(pushTest.rig.bridge.push.watcher.counts);
    expect(once).toEqual({ pushed: 10, summaries: 0, suppressed: { conversation: 6, 'host-minute': 84, silence: 0, 'no-phone': 0, 'memory-lost': 0 } });
    pushTest.rig.clock.now += 2 * 60 * MINUTE;
    await pushTest.rig.restartBridge(); // fresh counters, same memory and limits
    for (let i = 0; i < 100; i += 1) {
      pushTest.rig.ask(pushTest.rig.pane(`q${i % 5}`), `spread-${i}`, `spread ${i}`);
      await pushTest.rig.settle();
      pushTest.rig.clock.now += 20_000;
    }
    const spread = pushTest.rig.bridge.push.watcher.counts;
    expect(pushes()).toHaveLength(10 + 31); // what reached the push pushTest.service, decrypted
    expect(spread).toEqual({ pushed: 30, summaries: 1, suppressed: { conversation: 0, 'host-minute': 0, silence: 69, 'no-phone': 0, 'memory-lost': 0 } });
    console.log(`[measure] 100 asks at once: pushed ${once.pushed}, suppressed ${100 - once.pushed} (${JSON.stringify(once.suppressed)})`);
    console.log(`[measure] 100 asks, one every 20 s: pushed ${spread.pushed} + ${spread.summaries} summary, suppressed ${spread.suppressed.silence} (hour of silence)`);
  });
});
