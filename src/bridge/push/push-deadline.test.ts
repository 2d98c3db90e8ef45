import { describe, expect, it } from 'vitest';
import { PUSH_LIMITS } from '../../wire/limits';
import { pushTestPerFile } from '../testing/push-rig';

/** A push service that never answers: each push ends at its deadline, and enough in a row drop the subscription. */
const DEADLINE_MS = 200;
const pushTest = pushTestPerFile({ deadlineMs: DEADLINE_MS });

describe('a push service that never answers', () => {
  it('costs each push its deadline, then the subscription', async () => {
    const watch = await pushTest.rig.phone('watch');
    pushTest.service.answer(watch.sub.id, 'stall');
    for (let n = 1; n <= PUSH_LIMITS.failuresBeforeDrop; n += 1) {
      pushTest.rig.ask(pushTest.rig.pane(`p${n}`), `q${n}`);
      await pushTest.rig.settle(); // returns once the push has met its deadline
    }
    expect(pushTest.service.stalled).toHaveLength(PUSH_LIMITS.failuresBeforeDrop);
    expect(pushTest.rig.bridge.push.subscriptions.all()).toEqual([]);
    expect(pushTest.rig.log.filter((line) => line.includes('no answer in time'))).toHaveLength(PUSH_LIMITS.failuresBeforeDrop);
    expect(pushTest.rig.log.filter((line) => line.includes('stopped notifying'))).toHaveLength(1);
  });
});
