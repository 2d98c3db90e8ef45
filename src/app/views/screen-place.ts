import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { hrefOf, type Route } from '../routes';

/** Where each screen was scrolled to when the person left it, so Back returns to the same place. */
const scrolled = new Map<string, number>();

/**
 * Makes each screen a place: it sets the document's title, moves focus to the screen's heading
 * when the route changes (so a screen reader starts there), and gives a screen the person comes
 * back to the scroll position it had. A chat keeps its own place (it opens at the newest item).
 */
export function useScreenPlace(route: Route, title: string): void {
  const href = hrefOf(route);
  const shown = useRef(href);
  /** Where the screen now shown was left, read as it is drawn: before any scroll the new content causes. */
  const target = useRef(0);
  if (shown.current !== href) {
    target.current = scrolled.get(href) ?? 0;
    shown.current = href;
  }
  const first = useRef(true);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    // Kept as the person scrolls: by the time the address has changed, the next screen may
    // already be drawn and the old screen's scroll gone.
    const keep = () => scrolled.set(shown.current, window.scrollY);
    window.addEventListener('scroll', keep, { passive: true });
    return () => window.removeEventListener('scroll', keep);
  }, []);
  // Before the screen is painted: a screen whose rows are at hand comes back at its place in its
  // first frame, so no row moves under a finger that taps what it shows.
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false; // the first screen: the browser's own place and focus stand
      return;
    }
    // A screen whose code loads on first use draws its heading a little later: focus waits for it.
    const stopFocusing = whenDrawn('.screen-header h2, main h2', (heading) => {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    });
    const stopRestoring = route.screen === 'chat' ? () => {} : restoreScroll(target.current);
    return () => {
      stopFocusing();
      stopRestoring();
    };
    // `href` names the route: a new render of the same screen must not move focus again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [href]);
}

/** What a person does that ends restoring the scroll: the page then stays where they act. */
const GIVE_UP = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Scrolls back to `top` once the screen is tall enough to hold it: a screen that comes back reads
 * its data again, and may be short until then. Gives up when the person scrolls, presses or types
 * first: from then on the page stays where they are acting.
 */
function restoreScroll(top: number): () => void {
  window.scrollTo(0, 0);
  if (top <= 0) return () => {};
  const page = document.documentElement;
  const tryNow = () => {
    if (page.scrollHeight - window.innerHeight < top) return;
    window.scrollTo(0, top);
    stop();
  };
  const observer = new ResizeObserver(tryNow);
  const stop = () => {
    observer.disconnect();
    for (const type of GIVE_UP) window.removeEventListener(type, stop, true);
  };
  observer.observe(document.body);
  for (const type of GIVE_UP) window.addEventListener(type, stop, { passive: true, capture: true });
  tryNow();
  return stop;
}

/** How long a screen's heading is waited for (its code loading on a slow link), before focus is left alone. */
const HEADING_WAIT_MS = 5000;

/** Calls `found` with the first element matching `selector` once it is in the page (after the next frame at the earliest). */
function whenDrawn(selector: string, found: (element: HTMLElement) => void): () => void {
  let watcher: MutationObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    watcher?.disconnect();
    clearTimeout(timer);
    cancelAnimationFrame(frame);
  };
  const look = () => {
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) return false;
    stop();
    found(element);
    return true;
  };
  const frame = requestAnimationFrame(() => {
    if (look()) return;
    watcher = new MutationObserver(() => void look());
    watcher.observe(document.body, { childList: true, subtree: true });
    timer = setTimeout(stop, HEADING_WAIT_MS);
  });
  return stop;
}
