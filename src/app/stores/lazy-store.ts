import { signal, type ReadonlySignal } from '@preact/signals';
import { moreWords } from '../i18n';

/**
 * A store whose code loads when its screen is first shown, beside the screen's own code: the
 * first screen's JavaScript stays under its budget. Its data never waits for it (start/read-data-early.ts
 * asks for a screen's data before any code loads).
 */
export interface LazyStore<T> {
  /** The store once its code has loaded; null until then. */
  store: ReadonlySignal<T | null>;
  /** Loads the store's code (once; again after a failed load). */
  load(): Promise<T>;
}

export function lazyStore<T>(make: () => Promise<T>): LazyStore<T> {
  const store = signal<T | null>(null);
  let loading: Promise<T> | null = null;
  const load = () =>
    // Its words come beside its code: the first load carries only the first screens' (i18n.ts).
    (loading ??= Promise.all([make(), moreWords()]).then(
      ([made]) => (store.value = made),
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));
  return { store, load };
}
