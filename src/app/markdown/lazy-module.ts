import { useEffect, useState } from 'preact/hooks';

/** A module loaded the first time something wants it; a load that failed is tried again by the next. */
export interface LazyModule<T> {
  /** The module, once it has loaded. */
  readonly loaded: T | undefined;
  load(): Promise<T>;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loading: Promise<T> | undefined;
  const mod: { loaded: T | undefined; load(): Promise<T> } = {
    loaded: undefined,
    load: () =>
      (loading ??= importer().then(
        (got) => (mod.loaded = got),
        (err: unknown) => {
          loading = undefined;
          throw err;
        },
      )),
  };
  return mod;
}

/**
 * The markdown path (marked and DOMPurify): loaded by the first chat row that needs it, so the
 * first screen does not pay for it.
 */
export const markdownRenderer = lazyModule(() => import('./render-markdown'));
/** highlight.js and its languages: loaded only by a row that shows code naming a language. */
export const codeHighlighter = lazyModule(() => import('./highlight'));

/**
 * The module once it has loaded, if `wanted`; the component draws again when it arrives. A load
 * that fails leaves it undefined: the row keeps its plain text.
 */
export function useLazyModule<T>(mod: LazyModule<T>, wanted: boolean): T | undefined {
  const [got, setGot] = useState(mod.loaded);
  useEffect(() => {
    if (!wanted || got !== undefined) return;
    let live = true;
    mod.load().then(
      (loaded) => {
        if (live) setGot(loaded);
      },
      (err: unknown) => console.warn('a part of the app could not be loaded', err),
    );
    return () => {
      live = false;
    };
  }, [mod, wanted, got]);
  return wanted ? (got ?? mod.loaded) : undefined;
}
