import { signal, type ReadonlySignal } from '@preact/signals';

/** A waiting version is looked for this often while the app is on screen (and at every start). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** What the store needs of workbox-window's `Workbox` (tests pass their own). */
export interface ServiceWorkerLike {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  register(): Promise<unknown>;
  update(): Promise<unknown>;
  messageSkipWaiting(): void;
}

export interface UpdateEnv {
  reload(): void;
  isVisible(): boolean;
  every(ms: number, run: () => void): () => void;
}

export interface UpdateStore {
  /** A new version is installed and waits for the person's Reload. */
  ready: ReadonlySignal<boolean>;
  /** The person tapped Reload: the waiting version takes over, then the page reloads once. */
  reload(): void;
  start(): () => void;
}

const browserEnv: UpdateEnv = {
  reload: () => location.reload(),
  isVisible: () => document.visibilityState === 'visible',
  every(ms, run) {
    const timer = setInterval(run, ms);
    return () => clearInterval(timer);
  },
};

/**
 * The app's service worker and its updates. A new version never swaps itself in: it waits, the
 * app says so, and only the person's Reload lets it take over (drafts are kept on the phone, so
 * nothing typed is lost by that reload). Without a worker (plain HTTP off this machine, or a
 * browser without them) the store stays quiet.
 */
export function createUpdateStore(load: (() => Promise<ServiceWorkerLike>) | null, env: UpdateEnv = browserEnv): UpdateStore {
  const ready = signal(false);
  let worker: ServiceWorkerLike | null = null;
  let asked = false;
  const begin = (loaded: ServiceWorkerLike) => {
    worker = loaded;
    loaded.addEventListener('waiting', () => (ready.value = true));
    // Reload only for the takeover this page asked for: another tab's Reload reaches here too.
    loaded.addEventListener('controlling', () => {
      if (asked) {
        asked = false;
        env.reload();
      }
    });
    loaded.register().catch((err: unknown) => console.warn('service worker: not registered', err));
  };
  return {
    ready,
    reload() {
      if (!worker || !ready.peek()) return;
      asked = true;
      worker.messageSkipWaiting();
    },
    start() {
      if (!load) return () => {};
      // workbox-window loads after the first screen: registering can wait, the first paint cannot.
      load().then(begin, (err: unknown) => console.warn('service worker: not loaded', err));
      return env.every(UPDATE_CHECK_MS, () => {
        if (env.isVisible()) worker?.update().catch(() => {}); // offline: the next hour asks again
      });
    },
  };
}
