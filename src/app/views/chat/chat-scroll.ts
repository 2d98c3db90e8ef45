import { useSignal, type Signal } from '@preact/signals';
import type { RefObject } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'preact/hooks';

/** Within this of the bottom, the reader counts as reading the newest items. */
export const NEAR_BOTTOM_PX = 80;
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown', ' ']);
const TYPING = 'input, textarea, select, [contenteditable]';

/**
 * A messenger's scrolling for the chat, which scrolls the page itself: it opens at the newest
 * item; while the reader is at the bottom, new items (and rows that grow, such as markdown once
 * drawn) keep it there; once the reader scrolls away (wheel, touch, keys), they are counted for
 * the "New messages" pill instead. The bottom is where `end` (a mark just after the composer)
 * meets the bottom of the viewport, so what follows the composer stays below the fold.
 */
export function useChatScroll(end: RefObject<HTMLElement | null>, last: { key: string | null; mine: boolean; count: number }): { unseen: Signal<number>; toNewest(): void } {
  const { key: lastKey, mine, count } = last;
  const pinned = useRef(true);
  /** The reader moved the page themselves since it was last at the bottom (a layout shift did not). */
  const moved = useRef(false);
  const unseen = useSignal(0);
  const bottom = useCallback(() => {
    const mark = end.current;
    return mark ? Math.max(0, mark.getBoundingClientRect().top + window.scrollY - window.innerHeight) : 0;
  }, [end]);
  const toBottom = useCallback(() => window.scrollTo({ top: bottom(), behavior: 'instant' }), [bottom]);

  useEffect(() => {
    const onInput = (event: Event) => {
      // Typing, and taps on the chat's own controls, move nothing; dragging the page's scrollbar does.
      if (event instanceof KeyboardEvent && (!SCROLL_KEYS.has(event.key) || (event.target instanceof Element && event.target.closest(TYPING)))) return;
      if (event.type === 'pointerdown' && event.target !== document.documentElement) return;
      // Focus taken to a card or a row (Needs your answer, a link from the inbox) takes the reader there.
      if (event.type === 'focusin' && (!(event.target instanceof Element) || event.target.closest('.chat-dock'))) return;
      moved.current = true;
    };
    const onScroll = () => {
      if (Math.abs(window.scrollY - bottom()) <= NEAR_BOTTOM_PX) {
        pinned.current = true;
        moved.current = false;
        unseen.value = 0;
      } else if (moved.current) pinned.current = false;
      // Rows measured at last (far rows are drawn lazily) or the browser's scroll anchoring moved
      // the page while the reader stayed at the newest item: back to the bottom.
      else if (pinned.current) toBottom();
    };
    const keep = () => {
      if (pinned.current) toBottom();
    };
    const inputs = ['wheel', 'touchmove', 'keydown', 'pointerdown', 'focusin'] as const;
    for (const name of inputs) window.addEventListener(name, onInput, { passive: true });
    window.addEventListener('scroll', onScroll, { passive: true });
    // The on-screen keyboard resizes the page (interactive-widget=resizes-content).
    window.addEventListener('resize', keep);
    const grown = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(keep);
    if (grown && end.current?.parentElement) grown.observe(end.current.parentElement);
    return () => {
      for (const name of inputs) window.removeEventListener(name, onInput);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', keep);
      grown?.disconnect();
    };
  }, [end, bottom, toBottom, unseen]);

  const seen = useRef<{ last: string | null; count: number }>({ last: null, count: 0 });
  useLayoutEffect(() => {
    const before = seen.current;
    seen.current = { last: lastKey, count };
    // The same last item: older items came in above, or nothing new; the place is kept elsewhere.
    if (lastKey === before.last || lastKey === null) return;
    // The person's own message is where they look next, wherever they were.
    if (before.last === null || pinned.current || mine) {
      pinned.current = true;
      // Before the next frame is drawn, with the layout that frame needs anyway: no extra layout pass.
      const frame = requestAnimationFrame(() => toBottom());
      return () => cancelAnimationFrame(frame);
    }
    unseen.value += Math.max(1, count - before.count);
  }, [lastKey, mine, count, toBottom, unseen]);

  return {
    unseen,
    toNewest: () => {
      unseen.value = 0;
      pinned.current = true;
      moved.current = false;
      toBottom();
    },
  };
}
