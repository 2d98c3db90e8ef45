import { render } from 'preact';
import { createRouter } from '../router';
import { SERVICE_WORKER_URL } from '../pwa/service-worker/sw-messages';
import { hasPairingLink } from '../stores/pairing-store';
import { RowsPainted } from '../views/chat/rows-painted';
import { AppView } from '../views/app-view';
import { viewportSize } from '../viewport-size';
import { afterFirstContent, firstContentDrawn } from './after-first-screen';
import { createStores } from './create-stores';
import { holdUntilFirstPaint } from './hold-until-painted';
import { loadFirstCode } from './load-code-early';
import { firstPaintReady, paintsItsData } from './wait-for-first-data';
import { START_WAITS } from './waits';

/**
 * The app's start-up, in the order it happens: what it does before its first screen and just
 * after it. Every wait on the way is in waits.ts, with why it is there.
 *
 * Before any of this, as the page itself is read: its own script (the build writes it,
 * ../vite-plugins/page-reads-script.ts) asks for the first screen's data, and a chat's code,
 * beside the app's script; the app takes those replies as its own (take-page-reads.ts).
 *
 * 1. Hold what can wait for the first screen's paint (hold-until-painted.ts).
 * 2. The router, and the viewport's size read while the page is still empty.
 * 3. The stores (create-stores.ts), and with them the first screen's data asked for at once
 *    (read-data-early.ts); a pairing link is traded first.
 * 4. A task later: the first screen's code (load-code-early.ts), the router's and the stores' own starts.
 * 5. A task later: the words, and on the dashboard its data (wait-for-first-data.ts), then the first render.
 * 6. The first screen rendered: the hold ends once the browser has painted it.
 * 7. After the first screen's content (a chat's first rows) and an idle browser
 *    (after-first-screen.ts): the service worker, notifications and the acts' code.
 */
export async function startApp(): Promise<void> {
  // 1. The long-poll and the kept copies' first writes wait for the first screen's paint: the stores take this hold.
  const firstPaint = holdUntilFirstPaint();

  // 2. Read while the page is still empty (nothing to lay out): a screen reads it as it renders (viewport-size.ts).
  const router = createRouter();
  viewportSize();

  // 3. The first screen's data and code are asked for now, not after the first render; a pairing link comes first.
  const firstRoute = hasPairingLink(location.hash) ? null : router.route.peek();
  /** Settles once the browser was idle after the first screen (step 7): the worker's install (the precache of every file) waits for it too. */
  let firstScreenDone!: () => void;
  const afterFirstScreen = new Promise<void>((resolve) => (firstScreenDone = resolve));
  const stores = createStores({
    ...(firstRoute ? { firstRoute } : {}),
    poll: { hold: firstPaint.pending },
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

  // The rest of the start, in short tasks with the browser's own work between them: one long task
  // from the script's arrival to the first render kept the page from answering (and counted as
  // blocking time) for all of it. The first screen's data was asked for above, before the first yield.

  // 4. The first screen's code, beside its data; then the router and the stores that start at once.
  await nextTask();
  if (firstRoute) loadFirstCode(firstRoute, stores);
  router.start();
  stores.connection.start();
  stores.pairing.start();
  stores.update.start();
  stores.install.start();

  // 5. The words first (a language other than English is one small file) and, on the dashboard, its data
  // (at most START_WAITS.firstDataMaxMs), then the first render. (Not a top-level await in the page's script:
  // that would make the lazy screens' shared code separate chunks, a larger first load.)
  await nextTask();
  await Promise.all([stores.locale.start(), paintsItsData(firstRoute) && firstPaintReady([stores.pairing.checked(), stores.firstRead])]);
  render(
    <RowsPainted.Provider value={firstContentDrawn}>
      <AppView stores={stores} route={router.route} />
    </RowsPainted.Provider>,
    document.getElementById('app')!,
  );

  // 6. Rendered: what was held in step 1 goes once the browser has painted it.
  firstPaint.rendered();

  // 7. Notifications' code (the push store) and the acts' (a tap's first screen needs them) load, and the
  // service worker registers, once the browser is idle after that render, and after a chat's first rows:
  // nothing on the first screen waits for them, and loading them beside the first screen's data made one long task.
  afterFirstContent(firstRoute, () => {
    firstScreenDone();
    stores.push.start();
    void stores.acts.load().catch(() => undefined);
  });
}

/**
 * Once the page has loaded: the worker's first install fetches every file the app can load, and on
 * a first visit over a slow link that would take the first screen's bandwidth and time.
 */
const loaded = () => new Promise<void>((resolve) => (document.readyState === 'complete' ? resolve() : addEventListener('load', () => resolve(), { once: true })));

/** Settles in a task of its own, after whatever the browser has waiting (a paint, an input). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, START_WAITS.stepBreakMs));
