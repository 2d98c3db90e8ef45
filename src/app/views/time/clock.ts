import { dateFormat, relativeFormat } from '../../intl-cache';

/**
 * The one shape of a clock time in the app: the locale's own hour ("6:33 PM", "18:33"), never a
 * padded "06:33 PM". Every time of day the app writes (the chat's groups, the lists, recent sends,
 * "last updated") is formatted here, so two shapes cannot meet on one screen.
 */
const CLOCK = { hour: 'numeric', minute: '2-digit' } as const satisfies Intl.DateTimeFormatOptions;

/**
 * The clock of each language the app speaks, as `Intl` writes it for `CLOCK` (English's day
 * periods are CLDR's, locale data like the languages' own names). Written by hand because the
 * first `Intl` formatter a page makes is a long task (it loads the number formats), the longest
 * of a dashboard that shows only today's times (figures: docs/performance.md); any other locale
 * asks `Intl`.
 */
const HAND_CLOCKS: Record<string, readonly [am: string, pm: string] | 'hours'> = { en: ['AM', 'PM'], ru: 'hours', 'zh-CN': 'hours' };

export function clockTime(at: number, locale: string): string {
  const clock = HAND_CLOCKS[locale];
  if (!clock) return dateFormat(locale, CLOCK).format(at);
  const time = new Date(at);
  const [hour, minutes] = [time.getHours(), String(time.getMinutes()).padStart(2, '0')];
  return clock === 'hours' ? `${hour}:${minutes}` : `${hour % 12 || 12}:${minutes} ${clock[hour < 12 ? 0 : 1]}`;
}

/** A date with its clock time ("Mar 3, 6:33 PM"); `full` adds the weekday and the year, for a `<time>`'s title. */
export function dateAndClock(at: number, locale: string, full = false): string {
  return dateFormat(locale, full ? { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', ...CLOCK } : { day: 'numeric', month: 'short', ...CLOCK }).format(at);
}

const DAY_MS = 86_400_000;

/** The local midnight of the day an instant falls on. */
export function dayOf(at: number): number {
  return new Date(at).setHours(0, 0, 0, 0);
}

/** Whole calendar days from `day` (a local midnight) to the day of `now`: 0 today, 1 yesterday (rounded, so a daylight-saving day still counts one). */
export function calendarDaysAgo(day: number, now: number): number {
  return Math.round((dayOf(now) - day) / DAY_MS);
}

/** Words standing alone as a label start with a capital where the language has them ("вчера" → "Вчера", "пн" → "Пн"). */
export function asLabel(words: string, locale: string): string {
  return words.charAt(0).toLocaleUpperCase(locale) + words.slice(1);
}

/**
 * Tomorrow, today and yesterday as `Intl.RelativeTimeFormat` words them (`numeric: 'auto'`) in
 * each language the app speaks, as labels: written by hand for the reason the clocks are (a chat
 * of today's messages then draws without making a formatter); any other locale asks `Intl`.
 */
const HAND_NEAR_DAYS: Record<string, readonly [tomorrow: string, today: string, yesterday: string]> = {
  en: ['Tomorrow', 'Today', 'Yesterday'],
  ru: ['Завтра', 'Сегодня', 'Вчера'],
  'zh-CN': ['明天', '今天', '昨天'],
};

/** "Today", "Yesterday" (and "Tomorrow") in the locale's own words, as a label. */
export function nearDayWord(daysAgo: -1 | 0 | 1, locale: string): string {
  return HAND_NEAR_DAYS[locale]?.[daysAgo + 1] ?? asLabel(relativeFormat(locale, { numeric: 'auto' }).format(-daysAgo, 'day'), locale);
}
