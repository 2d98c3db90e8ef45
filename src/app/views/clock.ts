import { dateFormat, relativeFormat } from '../intl-cache';

/**
 * The one shape of a clock time in the app: the locale's own hour ("6:33 PM", "18:33"), never a
 * padded "06:33 PM". Every time of day the app writes (the chat's groups, the lists, recent sends,
 * "last updated") is formatted here, so two shapes cannot meet on one screen.
 */
const CLOCK = { hour: 'numeric', minute: '2-digit' } as const satisfies Intl.DateTimeFormatOptions;

export function clockTime(at: number, locale: string): string {
  return dateFormat(locale, CLOCK).format(at);
}

/**
 * Makes the clock's formatter now, in a task of its own. The first date formatter a page makes
 * costs far more than any after it (the browser reads its calendar and time zone data: tens of
 * ms on a slow phone, whatever the locale), and it used to be paid inside the task that drew the
 * first rows with a time. Asked for while the first screen's data is on its way, it holds no tap
 * and no frame for longer than it must.
 */
export function warmClock(locale: string, later: (run: () => void) => void = (run) => setTimeout(run, 0)): void {
  later(() => clockTime(0, locale));
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

/** "Today", "Yesterday" (and "Tomorrow") in the locale's own words, as a label. */
export function nearDayWord(daysAgo: number, locale: string): string {
  return asLabel(relativeFormat(locale, { numeric: 'auto' }).format(-daysAgo, 'day'), locale);
}
