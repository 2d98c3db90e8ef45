import { keepAnswerSettings, loadAnswerSettings } from '../service-worker/answer-settings';
import { idbPresses } from '../service-worker/notification-presses';
import { notificationTurn } from '../service-worker/notification-turn';
import { SERVICE_WORKER_URL } from '../service-worker/sw-messages';
import type { PushEnv, PushRegistration } from './push-store';
import { realTimer } from './switch-deadline';

/** The page's browser for the push store: Notification, the Push API and the app's service worker. */
export const browserPushEnv: PushEnv = {
  supported: () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window,
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  onPermissionChange(listener) {
    let status: PermissionStatus | null = null;
    let stopped = false;
    void navigator.permissions
      ?.query({ name: 'notifications' })
      .then((s) => {
        if (stopped) return;
        status = s;
        s.addEventListener('change', listener);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      status?.removeEventListener('change', listener);
    };
  },
  // The app registers its worker itself (update-store); this waits for it, by its own URL. Its
  // notifications are read in turn with the worker's showing them (notification-turn.ts).
  registration: () =>
    navigator.serviceWorker.ready.then((registration): PushRegistration => {
      if (!registration.active?.scriptURL.endsWith(SERVICE_WORKER_URL)) throw new Error('the app’s service worker is not running');
      const worker = registration as unknown as PushRegistration;
      // `locks` is missing where the browser has no Web Locks: the read is made at once.
      return { pushManager: worker.pushManager, getNotifications: () => notificationTurn(navigator.locks, () => worker.getNotifications()) };
    }),
  onWorkerMessage(listener) {
    if (!('serviceWorker' in navigator)) return () => {};
    const heard = (event: MessageEvent) => listener(event.data);
    navigator.serviceWorker.addEventListener('message', heard);
    return () => navigator.serviceWorker.removeEventListener('message', heard);
  },
  navigate: (hash) => void (location.hash = hash),
  now: () => Date.now(),
  setTimer: realTimer,
  maxActions: () => {
    const max = 'Notification' in window ? (Notification as unknown as { maxActions?: unknown }).maxActions : undefined;
    return typeof max === 'number' ? max : 0;
  },
  answerSettings: { load: loadAnswerSettings, keep: keepAnswerSettings },
  presses: idbPresses,
};
