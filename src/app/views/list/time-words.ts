import { dateFormat, relativeFormat } from '../../intl-cache';

/** The list's times in the page's language (`<html lang>` follows the app's locale). */
export function pageLocale(): string {
  return (typeof document !== 'undefined' && document.documentElement.lang) || 'en';
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const shortDateOf = (locale: string, withYear: boolean) => dateFormat(locale, withYear ? { day: 'numeric', month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' });

const parse = (iso: string | undefined): number | null => {
  const at = iso === undefined ? NaN : Date.parse(iso);
  return Number.isNaN(at) ? null : at;
};

/** A short date ("3 Mar", with the year when it is not this year's), or null for a time that does not parse. */
export function shortDate(iso: string | undefined, now: number, locale = pageLocale()): string | null {
  const at = parse(iso);
  if (at === null) return null;
  return shortDateOf(locale, new Date(at).getFullYear() !== new Date(now).getFullYear()).format(at);
}

/**
 * How long ago, in words ("now", "5 minutes ago", "yesterday"); past a week, the short date.
 * A time ahead of this phone's clock (the agent's clock runs ahead) reads as now.
 */
export function relativeTime(iso: string | undefined, now: number, locale = pageLocale()): string | null {
  const at = parse(iso);
  if (at === null) return null;
  const ago = Math.max(0, now - at);
  const words = relativeFormat(locale, { numeric: 'auto', style: 'long' });
  if (ago < 45 * SECOND) return words.format(0, 'second');
  if (ago < 45 * MINUTE) return words.format(-Math.max(1, Math.round(ago / MINUTE)), 'minute');
  if (ago < 22 * HOUR) return words.format(-Math.round(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return words.format(-Math.max(1, Math.round(ago / DAY)), 'day');
  return shortDate(iso, now, locale);
}

/** The full date and time, for a `<time>` element's title. */
export function fullTime(iso: string, locale = pageLocale()): string {
  return new Date(iso).toLocaleString(locale);
}
