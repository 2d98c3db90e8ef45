import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { API_PREFIX } from '../../../wire/phone-routes';
import { listenForPushes } from './push-handlers';
import { isLocaleChosen, isSkipWaiting } from './sw-messages';
import { keepWorkerLocale } from './sw-words';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

/*
 * Collie's service worker: the app shell and every chunk of this build (the lazy screens and the
 * markdown renderer too) are kept, so the app opens with no network at all. Live data is never
 * answered from here: `/api` always goes to the bridge, or fails, and the app says it is offline.
 */
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any address of the app opens the kept shell; the router reads the rest from the fragment.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [new RegExp(`^${API_PREFIX}`)] }));

// A new version waits until the person taps Reload (no silent swap under a half-typed answer).
self.addEventListener('message', (event) => {
  if (isSkipWaiting(event.data)) void self.skipWaiting();
  if (isLocaleChosen(event.data)) event.waitUntil(keepWorkerLocale(event.data.locale));
});

// Notifications for questions: a push shows one, a tap opens the chat at its card (push-handlers.ts).
listenForPushes(self);
