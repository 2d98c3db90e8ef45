import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { asLabel, calendarDaysAgo, clockTime, dateAndClock, dayOf, nearDayWord } from './clock';

const local = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime();
const APP = join(import.meta.dirname, '..', '..');

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

describe('the one clock shape', () => {
  it('writes the hour as the locale does, never padded', () => {
    expect(clockTime(local(2026, 3, 12, 6, 33), 'en')).toMatch(/^6:33\sAM$/u);
    expect(clockTime(local(2026, 3, 12, 18, 33), 'en')).toMatch(/^6:33\sPM$/u);
    expect(clockTime(local(2026, 3, 12, 18, 33), 'ru')).toBe('18:33');
    expect(dateAndClock(local(2026, 3, 3, 18, 33), 'en')).toMatch(/^Mar 3, 6:33\sPM$/u);
  });

  it("writes the app's languages by hand exactly as Intl does, without making a formatter", () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const times = [0, 1, 6, 11, 12, 13, 18, 23].flatMap((hour) => [0, 5, 59].map((minute) => local(2026, 3, 12, hour, minute)));
    try {
      const byHand = ['en', 'ru', 'zh-CN'].map((locale) => times.map((at) => clockTime(at, locale)));
      expect(made).not.toHaveBeenCalled();
      made.mockRestore();
      const byIntl = ['en', 'ru', 'zh-CN'].map((locale) =>
        times.map((at) => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(at).replace(/\s/gu, ' ')),
      );
      expect(byHand).toEqual(byIntl);
    } finally {
      made.mockRestore();
    }
    // Another locale is Intl's.
    expect(clockTime(local(2026, 3, 12, 18, 33), 'de')).toBe('18:33');
  });

  it('words the near days by hand exactly as Intl does, without making a formatter', () => {
    const made = vi.spyOn(Intl, 'RelativeTimeFormat');
    const near = [-1, 0, 1] as const;
    try {
      const byHand = ['en', 'ru', 'zh-CN'].map((locale) => near.map((daysAgo) => nearDayWord(daysAgo, locale)));
      expect(made).not.toHaveBeenCalled();
      made.mockRestore();
      const byIntl = ['en', 'ru', 'zh-CN'].map((locale) =>
        near.map((daysAgo) => asLabel(new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-daysAgo, 'day'), locale)),
      );
      expect(byHand).toEqual(byIntl);
    } finally {
      made.mockRestore();
    }
    expect(nearDayWord(1, 'de')).toBe('Gestern');
  });

  it('counts calendar days, and words today and yesterday as labels', () => {
    expect(calendarDaysAgo(dayOf(local(2026, 3, 11, 23, 59)), local(2026, 3, 12, 0, 1))).toBe(1);
    expect(calendarDaysAgo(dayOf(local(2026, 3, 12, 0, 0)), local(2026, 3, 12, 23, 59))).toBe(0);
    expect([nearDayWord(0, 'en'), nearDayWord(1, 'en'), nearDayWord(1, 'ru'), nearDayWord(1, 'zh-CN')]).toEqual(['Today', 'Yesterday', 'Вчера', '昨天']);
  });

  it('is the only place in the app that shapes a time of day', () => {
    const shaping = /\bhour\s*:|\btimeStyle\b|toLocaleTimeString|toLocaleString\(/u;
    const found = sources(APP)
      .filter((path) => !path.endsWith(join('views', 'time', 'clock.ts')))
      .filter((path) => shaping.test(readFileSync(path, 'utf8')))
      .map((path) => relative(APP, path));
    expect(found).toEqual([]);
  });
});
