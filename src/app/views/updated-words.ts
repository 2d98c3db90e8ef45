import { locale } from '../i18n';
import { dateFormat } from '../intl-cache';

/** When something was last read: its time today ("10:42"), else its date and time ("3 Mar, 10:42"). */
export function updatedWords(at: number, now: number, lang: string = locale()): string {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  return dateFormat(lang, sameDay ? { hour: 'numeric', minute: '2-digit' } : { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(at);
}
