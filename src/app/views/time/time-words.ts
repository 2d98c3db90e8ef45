import { dateFormat } from '../../intl-cache';
import { asLabel, calendarDaysAgo, clockTime, dateAndClock, dayOf, nearDayWord } from './clock';

/** The list's times in the page's language (`<html lang>` follows the app's locale). */
export function pageLocale(): string {
  return (typeof document !== 'undefined' && document.documentElement.lang) || 'en';
}

/** An ISO time as ms, or null: the bridge's JSON and a kept copy are read, not trusted. */
export function parseTime(iso: unknown): number | null {
  const at = typeof iso === 'string' ? Date.parse(iso) : NaN;
  return Number.isNaN(at) ? null : at;
}

/**
 * A row's time as a messenger lists it: the clock time today ("6:17 PM"), "Yesterday", the
 * weekday within the week ("Mon", "Пн"), a date before that ("Mar 3", with the year when it is not
 * this one's); null for a time that does not parse. A time ahead of this phone's clock (the
 * agent's clock runs ahead) reads as the time it names today, or as now on another day.
 */
export function listTime(iso: unknown, now: number, locale = pageLocale()): string | null {
  const parsed = parseTime(iso);
  if (parsed === null) return null;
  const daysAgo = calendarDaysAgo(dayOf(parsed), now);
  const at = daysAgo < 0 ? now : parsed;
  if (daysAgo <= 0) return clockTime(at, locale);
  if (daysAgo === 1) return nearDayWord(1, locale);
  if (daysAgo < 7) return asLabel(dateFormat(locale, { weekday: 'short' }).format(at), locale);
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return dateFormat(locale, sameYear ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' }).format(at);
}

/** The full date and time, for a `<time>` element's title. */
export function fullTime(iso: string, locale = pageLocale()): string {
  const at = parseTime(iso);
  return at === null ? '' : dateAndClock(at, locale, true);
}
