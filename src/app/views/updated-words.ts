import { locale } from '../i18n';
import { clockTime, dateAndClock } from './time/clock';

/** When something was last read: its time today ("10:42"), else its date and time ("3 Mar, 10:42"). */
export function updatedWords(at: number, now: number, lang: string = locale()): string {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  return sameDay ? clockTime(at, lang) : dateAndClock(at, lang);
}
