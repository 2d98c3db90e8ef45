import { signal } from '@preact/signals';
import type { ComponentType } from 'preact';
import { useEffect } from 'preact/hooks';
import { moreWords } from '../i18n';

/**
 * A screen whose code loads the first time it is shown, so the first screen's JavaScript stays
 * small (the first-load budget is 30 KB gzip). Until it has loaded, nothing is drawn in its place.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> & { preload(): Promise<void> } {
  const loaded = signal<ComponentType<P> | null>(null);
  let loading: Promise<void> | null = null;
  const start = () => {
    // Its words come beside its code: the first load carries only the first screens' (i18n.ts).
    loading ??= Promise.all([load(), moreWords()]).then(([component]) => {
      loaded.value = component;
    });
    return loading;
  };
  function LazyScreen(props: P) {
    useEffect(() => {
      void start();
    }, []);
    const Screen = loaded.value;
    return Screen ? <Screen {...props} /> : null;
  }
  /** Starts loading the screen's code before it is drawn (beside another load it waits for). */
  LazyScreen.preload = start;
  return LazyScreen;
}
