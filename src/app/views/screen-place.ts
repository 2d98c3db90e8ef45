import { useEffect, useRef } from 'preact/hooks';
import { hrefOf, type Route } from '../router';

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
  shown.current = href;
  const first = useRef(true);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    // The address changes before the next screen is drawn: this is still the old screen's scroll.
    const leave = () => scrolled.set(shown.current, window.scrollY);
    window.addEventListener('hashchange', leave);
    return () => window.removeEventListener('hashchange', leave);
  }, []);
  useEffect(() => {
    if (first.current) {
      first.current = false; // the first screen: the browser's own place and focus stand
      return;
    }
    const frame = requestAnimationFrame(() => {
      const heading = document.querySelector<HTMLElement>('main h2');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      if (route.screen !== 'chat') window.scrollTo(0, scrolled.get(href) ?? 0);
    });
    return () => cancelAnimationFrame(frame);
    // `href` names the route: a new render of the same screen must not move focus again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [href]);
}
