import { signal, type ReadonlySignal } from '@preact/signals';
import type { PushStore } from './push-store';

/**
 * The push store, its code loaded after the first screen (nothing there needs it: the settings
 * screen shows its switch, and the page's part in notifications starts once the store is in).
 */
export interface LazyPushStore {
  /** The store once its code has loaded; null until then. */
  store: ReadonlySignal<PushStore | null>;
  /** Loads the store's code (once; again after a failed load). */
  load(): Promise<PushStore>;
  /** Loads the store and starts it: a tap on a notification shows its chat, the subscription is sent again, notifications of closed asks are withdrawn. */
  start(): void;
}

export function lazyPushStore(make: () => Promise<PushStore>): LazyPushStore {
  const store = signal<PushStore | null>(null);
  let loading: Promise<PushStore> | null = null;
  const load = () =>
    (loading ??= make().then(
      (made) => (store.value = made),
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));
  return {
    store,
    load,
    start: () =>
      void load().then(
        (made) => void made.start(),
        () => undefined,
      ),
  };
}
