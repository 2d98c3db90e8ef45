/*
 * One at a time, across the app's pages and its worker: showing a notification, and reading the
 * ones shown. Chromium on a desktop answers `getNotifications()` by first asking the system which
 * notifications are on display, then forgetting every one it has stored but was not told of: a
 * notification still being shown at that moment (stored, not yet displayed) is forgotten for good.
 * It may stay on the screen, but no read lists it again, so nothing can withdraw it; a test that
 * reads the notifications sees it missing. So every show (a push, a press's outcome) and every
 * read (the worker's withdrawal of closed asks, the page's against the inbox) takes this turn.
 */

/** The Web Lock's name; the e2e specs read the notifications under it too (e2e/support/push-worker.ts). */
export const NOTIFICATION_LOCK = 'collie-notifications';

/** What the turn needs of `navigator.locks` (missing in browsers without Web Locks: the work runs at once). */
export interface NotificationLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Runs `work` when no other show or read of notifications is under way in this origin. */
export function notificationTurn<T>(locks: NotificationLocks | undefined, work: () => Promise<T>): Promise<T> {
  return locks ? locks.request(NOTIFICATION_LOCK, work) : work();
}
