import { locale } from '../i18n';

const formats = new Map<string, Intl.DateTimeFormat>();

/** When something was last read: its time today ("10:42"), else its date and time ("3 Mar, 10:42"). */
export function updatedWords(at: number, now: number, lang: string = locale()): string {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  const key = `${lang}|${sameDay}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, sameDay ? { hour: 'numeric', minute: '2-digit' } : { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
    formats.set(key, format);
  }
  return format.format(at);
}
