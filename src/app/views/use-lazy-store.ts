import { useEffect } from 'preact/hooks';
import type { LazyStore } from '../stores/lazy-store';

/**
 * A screen's store, loaded on the screen's first showing, and told what to show for as long as the
 * screen is there (`show` returns its stop). Null until its code has loaded; a load that fails
 * (offline, the code not yet kept) leaves it null, and the next showing tries again. Once loaded,
 * it is told at once, in the same effect as before it was lazy: the screen's own effects (where
 * the person left off) run first and see the change from the last showing to this one.
 */
export function useLazyStore<T>(lazy: LazyStore<T>, show: (store: T) => () => void, deps: readonly unknown[]): T | null {
  useEffect(() => {
    const loaded = lazy.store.peek();
    if (loaded !== null) return show(loaded);
    let live = true;
    let stop: (() => void) | undefined;
    void lazy.load().then(
      (store) => {
        if (live) stop = show(store);
      },
      () => undefined,
    );
    return () => {
      live = false;
      stop?.();
    };
    // `show` is made anew each render; what it shows is named by `deps`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lazy, ...deps]);
  return lazy.store.value;
}

/** A lazy store's code, loaded while `wanted` (again after a failed load); null until it is there. */
export function useLoaded<T>(lazy: LazyStore<T>, wanted: boolean): T | null {
  const loaded = lazy.store.value;
  useEffect(() => {
    if (wanted && loaded === null) void lazy.load().catch(() => undefined);
  }, [lazy, wanted, loaded]);
  return wanted ? loaded : null;
}
