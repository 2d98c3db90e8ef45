import { describe, expect, it } from 'vitest';
import { relativeTime, shortDate } from './time-words';

const now = Date.parse('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('times in the list', () => {
  it('says how long ago in words, with Intl.RelativeTimeFormat', () => {
    expect(relativeTime(ago(10_000), now, 'en')).toBe('now');
    expect(relativeTime(ago(5 * 60_000), now, 'en')).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600_000), now, 'en')).toBe('3 hours ago');
    expect(relativeTime(ago(26 * 3600_000), now, 'en')).toBe('yesterday');
    expect(relativeTime(ago(3 * 86400_000), now, 'en')).toBe('3 days ago');
  });

  it('falls back to a short date past a week, and reads a time ahead of this clock as now', () => {
    expect(relativeTime(ago(30 * 86400_000), now, 'en')).toBe('May 16');
    expect(relativeTime(ago(-60_000), now, 'en')).toBe('now');
  });

  it('gives closed rows a short date, with the year only when it is not this one', () => {
    expect(shortDate('2025-03-03T10:00:00Z', now, 'en')).toBe('Mar 3');
    expect(shortDate('2024-12-24T10:00:00Z', now, 'en')).toBe('Dec 24, 2024');
    expect(shortDate('not a date', now, 'en')).toBeNull();
    expect(shortDate(undefined, now, 'en')).toBeNull();
  });
});
