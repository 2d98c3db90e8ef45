import { describe, expect, it } from 'vitest';
import { fullTime, listTime } from './time-words';

/** Local times, so the tests hold in any time zone the machine is set to. */
const local = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).toISOString();
const NOW = Date.parse(local(2026, 3, 12, 15, 30)); // a Thursday
const SPACE = /[\s\u202f]/u; // ICU may put a narrow no-break space before AM/PM

describe('times in the lists, as a messenger words them', () => {
  it('gives the clock time today, "Yesterday", the weekday this week and a date before', () => {
    expect(listTime(local(2026, 3, 12, 15, 29), NOW, 'en')!.split(SPACE)).toEqual(['3:29', 'PM']);
    expect(listTime(local(2026, 3, 12, 0, 5), NOW, 'en')!.split(SPACE)).toEqual(['12:05', 'AM']);
    expect(listTime(local(2026, 3, 11, 23, 59), NOW, 'en')).toBe('Yesterday');
    expect(listTime(local(2026, 3, 9, 8, 0), NOW, 'en')).toBe('Mon');
    expect(listTime(local(2026, 3, 5, 8, 0), NOW, 'en')).toBe('Mar 5');
    expect(listTime(local(2025, 12, 24, 8, 0), NOW, 'en')).toBe('Dec 24, 2025');
  });

  it('never pads the hour: one clock shape with the chat and the banners', () => {
    expect(listTime(local(2026, 3, 12, 6, 33), NOW, 'en')).toMatch(/^6:33\sAM$/u);
    expect(listTime(local(2026, 3, 12, 18, 33), NOW, 'ru')).toBe('18:33');
    expect(listTime(local(2026, 3, 12, 18, 33), NOW, 'zh-CN')).toBe('18:33');
  });

  it('speaks the page’s language', () => {
    expect(listTime(local(2026, 3, 11), NOW, 'ru')).toBe('Вчера');
    expect(listTime(local(2026, 3, 11), NOW, 'zh-CN')).toBe('昨天');
    expect(listTime(local(2026, 3, 9), NOW, 'ru')).toBe('Пн');
    expect(listTime(local(2026, 3, 9), NOW, 'zh-CN')).toBe('周一');
  });

  it('reads a time ahead of this clock as today, and nothing for a time that does not parse', () => {
    expect(listTime(local(2026, 3, 12, 15, 45), NOW, 'en')).toMatch(/^3:45\sPM$/u);
    expect(listTime(local(2026, 3, 14, 9, 0), NOW, 'en')).toMatch(/^3:30\sPM$/u);
    expect(listTime('not a date', NOW, 'en')).toBeNull();
    expect(listTime(undefined, NOW, 'en')).toBeNull();
    expect(listTime(42, NOW, 'en')).toBeNull();
  });

  it('titles a time with its full date and clock time', () => {
    expect(fullTime(local(2026, 3, 9, 18, 5), 'en')).toMatch(/^Mon, Mar 9, 2026, 6:05\sPM$/u);
    expect(fullTime('nope', 'en')).toBe('');
  });
});
