import { dateFormat } from '../../intl-cache';
import { asLabel, calendarDaysAgo, clockTime, nearDayWord } from '../time/clock';
import type { ChatEntry } from '../../../wire/bridge-json';

/** A gap this long between two items starts a new group, which shows its time again. */
export const GROUP_GAP_MS = 5 * 60_000;

/**
 * What a row shows besides itself: a day heading above it, and on a group's first row when the
 * group started (ms). The clock words are made only when the row is drawn: a long chat draws a
 * few dozen of its thousands of rows, and formatting a time costs far more than the rest here.
 */
export interface RowTimes {
  day?: string;
  at?: number;
}

/** When an entry was written (ms) and its local day; decision lines kept before they were dated carry none. */
interface Stamp {
  at: number;
  day: number;
}
const stamps = new WeakMap<ChatEntry, Stamp | null>();

function stampOf(entry: ChatEntry): Stamp | null {
  let stamp = stamps.get(entry);
  if (stamp !== undefined) return stamp;
  stamp = null;
  const at = Date.parse((entry.type === 'item' ? entry.item.at : entry.at) ?? '');
  if (!Number.isNaN(at)) stamp = { at, day: startOfDay(at) };
  stamps.set(entry, stamp);
  return stamp;
}

/** One Date, reused: a long chat asks this once per row. */
const scratch = new Date(0);
const startOfDay = (at: number) => {
  scratch.setTime(at);
  return scratch.setHours(0, 0, 0, 0);
};

/** "Today" and "Yesterday" in the locale's words, weekdays for this week, dates further back. */
export function dayLabel(day: number, now: number, locale: string): string {
  const daysAgo = calendarDaysAgo(day, now);
  if (daysAgo === -1 || daysAgo === 0 || daysAgo === 1) return nearDayWord(daysAgo, locale);
  const sameYear = new Date(day).getFullYear() === new Date(now).getFullYear();
  const shape: Intl.DateTimeFormatOptions =
    daysAgo > 0 && daysAgo < 7 ? { weekday: 'long' } : { weekday: 'short', day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) };
  return asLabel(dateFormat(locale, shape).format(day), locale);
}

/** A group's time, in the app's one clock shape. */
export const clockLabel = clockTime;

/**
 * The times a chat shows, messenger style: a day heading where the day changes, and the time
 * on the first row of each group of rows written close together (which side wrote them shows
 * already). Each row's times depend only on the rows before it, so appending an item never
 * changes an earlier row.
 */
export function rowTimes(entries: readonly ChatEntry[], now: number, locale: string): (RowTimes | null)[] {
  return createRowTimes()(entries, now, locale);
}

/**
 * `rowTimes` for one chat as it grows: when the new list only adds to the end of the last one
 * (an append, the usual case), only the new rows are worked out, on the same array.
 */
export function createRowTimes(): (entries: readonly ChatEntry[], now: number, locale: string) => (RowTimes | null)[] {
  let seen: readonly ChatEntry[] = [];
  let times: (RowTimes | null)[] = [];
  let context = '';
  let days = new Map<number, string>();
  let last: Stamp | null = null;
  /** A decision line since the last item: the next item starts a group again. */
  let broken = false;
  return (entries, now, locale) => {
    const here = `${locale} ${startOfDay(now)}`;
    let from = 0;
    if (here === context && entries.length >= seen.length && seen.every((entry, i) => entries[i] === entry)) from = seen.length;
    else [times, days, last, broken, context] = [[], new Map(), null, false, here];
    const daysLabel = (day: number) => {
      let label = days.get(day);
      if (label === undefined) days.set(day, (label = dayLabel(day, now, locale)));
      return label;
    };
    for (let i = from; i < entries.length; i += 1) {
      const entry = entries[i]!;
      const stamp = stampOf(entry);
      if (!stamp || entry.type === 'decision') {
        broken ||= entry.type === 'decision';
        // A dated decision line opens its day when it is the day's first row (it shows no time of its own).
        const day = stamp && (!last || last.day !== stamp.day) ? daysLabel(stamp.day) : undefined;
        if (stamp) last = stamp;
        times.push(day ? { day } : null);
        continue;
      }
      const before: Stamp | null = last;
      const newDay = !before || before.day !== stamp.day;
      const newGroup = newDay || broken || stamp.at - before.at >= GROUP_GAP_MS;
      last = stamp;
      broken = false;
      if (!newGroup) {
        times.push(null);
        continue;
      }
      const day = newDay ? daysLabel(stamp.day) : undefined;
      times.push({ ...(day ? { day } : {}), at: stamp.at });
    }
    seen = entries;
    return times;
  };
}
