import { render } from 'preact';
import { loadFirstCode } from './first-code';
import { afterFirstContent } from './first-content';
import { firstPaintReady, holdUntilFirstPaint, paintsItsData } from './first-paint';
import { createRouter } from './router';
import { createStores } from './stores/create-stores';
import { hasPairingLink } from './stores/pairing-store';
import { SERVICE_WORKER_URL } from './sw/sw-messages';
import { AppView } from './views/app-view';
import { viewportSize } from './viewport-size';
import './styles.css';

/**
 * Once the page has loaded: the worker's first install fetches every file the app can load, and on
 * a first visit over a slow link that would take the first screen's bandwidth and time.
 */
const loaded = () => new Promise<void>((resolve) => (document.readyState === 'complete' ? resolve() : addEventListener('load', () => resolve(), { once: true })));

/** Settles once the browser was idle after the first screen (first-content.ts): the worker's install (the precache of every file) waits for it too. */
let firstScreenDone!: () => void;
const afterFirstScreen = new Promise<void>((resolve) => (firstScreenDone = resolve));

/** Settles in a task of its own, after whatever the browser has waiting (a paint, an input). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Held from before the stores start: what can wait for the first screen's paint does (first-paint.ts).
const firstScreenRendered = holdUntilFirstPaint();
const router = createRouter();
// Read while the page is still empty (nothing to lay out): a screen reads it as it renders (viewport-size.ts).
viewportSize();
// The first screen's data and code are asked for now, not after the first render; a pairing link comes first.
const firstRoute = hasPairingLink(location.hash) ? null : router.route.peek();
const stores = createStores({
  ...(firstRoute ? { firstRoute } : {}),
  // Service workers run only in a secure context (HTTPS, or this machine); the settings screen says why not.
  ...('serviceWorker' in navigator && window.isSecureContext
    ? {
        serviceWorker: () =>
          Promise.all([loaded(), afterFirstScreen])
            .then(() => import('workbox-window'))
            .then((m) => new m.Workbox(SERVICE_WORKER_URL)),
      }
    : {}),
});
void start();

/**
 * The rest of the start, in short tasks with the browser's own work between them: one long task
 * from the script's arrival to the first render kept the page from answering (and counted as
 * blocking time) for all of it. The first screen's data was asked for above, before the first yield.
 */
async function start(): Promise<void> {
  await nextTask();
  if (firstRoute) loadFirstCode(firstRoute, stores);
  router.start();
  stores.connection.start();
  stores.pairing.start();
  stores.update.start();
  stores.install.start();
  await nextTask();
  // The words first (a language other than English is one small file) and, on the dashboard, its data
  // (at most 400 ms: first-paint.ts), then the first render. (Not a top-level await: that would make the lazy
  // screens' shared code separate chunks, a larger first load.)
  // Notifications' code (the push store) and the acts' (a tap's first screen needs them) load, and the
  // service worker registers, once the browser is idle after that render, and after a chat's first rows
  // (first-content.ts): nothing on the first screen waits for them, and loading them beside the first
  // screen's data made one long task.
  await Promise.all([stores.locale.start(), paintsItsData(firstRoute) && firstPaintReady([stores.pairing.checked(), stores.firstRead])]);
  render(<AppView stores={stores} route={router.route} />, document.getElementById('app')!);
  firstScreenRendered();
  const later = () => {
    firstScreenDone();
    stores.push.start();
    void stores.acts.load().catch(() => undefined);
  };
  afterFirstContent(firstRoute, later);
}
