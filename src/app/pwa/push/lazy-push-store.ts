import { lazyStore, type LazyStore } from '../../stores/lazy-store';
import type { PushStore } from './push-store';

/**
 * The push store, its code loaded after the first screen (nothing there needs it: the settings
 * screen shows its switch, and the page's part in notifications starts once the store is in).
 */
export interface LazyPushStore extends LazyStore<PushStore> {
  /** Loads the store and starts it: a tap on a notification shows its chat, the subscription is sent again, notifications of closed asks are withdrawn. */
  start(): void;
}

export function lazyPushStore(make: () => Promise<PushStore>): LazyPushStore {
  const lazy = lazyStore(make);
  return {
    ...lazy,
    start: () =>
      void lazy.load().then(
        (made) => void made.start(),
        () => undefined,
      ),
  };
}
