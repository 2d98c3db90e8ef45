/** What the page and the service worker say to each other, in one place for both. */
import { LOCALES, type Locale } from '../../locale-pick';

/** Where the build writes the worker (vite.config.ts names its source `service-worker.ts`). */
export const SERVICE_WORKER_URL = '/service-worker.js';

/** The page's word that the person tapped Reload: the waiting version takes over. (workbox-window's `messageSkipWaiting` sends this.) */
export const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

export function isSkipWaiting(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING.type;
}

/** The page's word of the language the person chose (null: the phone's), for the worker's notifications. */
export interface LocaleChosen {
  type: 'collie-locale';
  locale: Locale | null;
}

export function isLocaleChosen(data: unknown): data is LocaleChosen {
  const d = data as Partial<LocaleChosen> | null;
  return typeof d === 'object' && d !== null && d.type === 'collie-locale' && (d.locale === null || LOCALES.includes(d.locale as Locale));
}

/** The worker's word to an open window after a tap on a notification: show this address of the app (a `#/…` route). */
export interface OpenFromNotification {
  type: 'collie-open';
  hash: string;
}

export function isOpenFromNotification(data: unknown): data is OpenFromNotification {
  const d = data as Partial<OpenFromNotification> | null;
  return typeof d === 'object' && d !== null && d.type === 'collie-open' && typeof d.hash === 'string' && d.hash.startsWith('#/');
}

/** What a notification keeps for its tap and for the page's clean-up (`Notification.data`). */
export interface NotificationData {
  hash: string;
  /** For an ask: its agent and id, so the page can close it once the ask is no longer open. */
  agent?: string;
  askId?: string;
  /** The question's words as the notification showed them, kept under what a press came to. */
  question?: string;
  /** Only on a notification that shows answer buttons (answer-press.ts). */
  answer?: NotificationAnswer;
}

/** What a press on a notification's button sends: the question as the push carried it, and the buttons it showed. */
export interface NotificationAnswer {
  kind: 'choice' | 'permission';
  agent: string;
  paneId: string;
  askId: string;
  hash: string;
  /** Each button: the option it answers (its `action`) and its words. */
  buttons: { id: string; label: string }[];
}
