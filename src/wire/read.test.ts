import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { time } from './read';

const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
/** Every shape the time rule takes: seconds and fraction optional, Z or an offset with or without its colon. */
const wireTime = fc
  .record({
    year: fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
    month: fc.integer({ min: 1, max: 12 }).map((n) => String(n).padStart(2, '0')),
    day: fc.integer({ min: 1, max: 31 }).map((n) => String(n).padStart(2, '0')),
    hour: two(23),
    minute: two(59),
    seconds: fc.option(fc.tuple(two(59), fc.option(fc.stringMatching(/^[0-9]{1,9}$/)))),
    zone: fc.oneof(
      fc.constant('Z'),
      fc.tuple(fc.constantFrom('+', '-'), two(23), fc.constantFrom(':', ''), two(59)).map((parts) => parts.join('')),
    ),
  })
  .map(({ year, month, day, hour, minute, seconds, zone }) => {
    const secs = seconds ? `:${seconds[0]}${seconds[1] ? `.${seconds[1]}` : ''}` : '';
    return `${year}-${month}-${day}T${hour}:${minute}${secs}${zone}`;
  });

describe('time', () => {
  it('takes every time the pattern allows, and each of them parses', () => {
    fc.assert(
      fc.property(wireTime, (text) => {
        expect(time(text)).toBe(text);
        expect(Number.isNaN(Date.parse(text))).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a time without a zone, with a lower-case z, 24:00, a comma or other digits', () => {
    for (const text of [
      '2026-11-30T10:00:00',
      '2026-11-30T10:00z',
      '2026-11-30T24:00Z',
      '2026-11-30T10:00:00,5Z',
      '2026-11-30 10:00Z',
      '2026-11-30T10:00:60Z',
      '２026-11-30T10:00Z',
    ]) {
      expect(time(text)).toBeUndefined();
    }
    expect(time(`2026-11-30T10:00:00.${'1'.repeat(10)}Z`)).toBeUndefined();
  });
});
