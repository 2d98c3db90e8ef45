import { describe, expect, it } from 'vitest';
import { etagsMatch, ifNoneMatchHolds, isValidEpoch, snapshotEtag } from './epoch-rule';

const TAG = snapshotEtag('dU4UTIK0IoJIbCBHmHs8IO', 41);

describe('the epoch and ETag rules', () => {
  it('takes 22–128 characters of [A-Za-z0-9_-] only', () => {
    expect(isValidEpoch('3q2-7wAAAAC8-i0x9RkT2g')).toBe(true);
    expect(isValidEpoch('3q2+7wAAAAC8-i0x9RkT2g')).toBe(false);
    expect(isValidEpoch('a'.repeat(21))).toBe(false);
    expect(isValidEpoch('a'.repeat(129))).toBe(false);
  });

  it('compares weak and strong tags as equal', () => {
    expect(etagsMatch(`W/${TAG}`, TAG)).toBe(true);
    expect(etagsMatch(TAG, snapshotEtag('dU4UTIK0IoJIbCBHmHs8IO', 42))).toBe(false);
  });

  it('holds If-None-Match for *, the tag, or a list naming it', () => {
    expect(ifNoneMatchHolds('*', TAG)).toBe(true);
    expect(ifNoneMatchHolds(TAG, TAG)).toBe(true);
    expect(ifNoneMatchHolds(`"other-1", W/${TAG}`, TAG)).toBe(true);
    expect(ifNoneMatchHolds('"other-1", "other-2"', TAG)).toBe(false);
    expect(ifNoneMatchHolds(undefined, TAG)).toBe(false);
    expect(ifNoneMatchHolds('', TAG)).toBe(false);
  });
});
