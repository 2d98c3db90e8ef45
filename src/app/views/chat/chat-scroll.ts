import { useSignal, type ReadonlySignal } from '@preact/signals';
import type { RefObject } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { ChatEntry } from '../../../wire/bridge-json';
import { entryKey } from '../../../wire/entry-key';
import { indexOfKey, unseenAfter } from '../../stores/unread';
import { READER_INPUTS } from './window/reader-inputs';

/** Within this of the bottom, the reader counts as reading the newest items. */
export const NEAR_BOTTOM_PX = 80;
/** Room left above the unread divider when the chat opens there, under the header. */
const ABOVE_UNREAD_PX = 8;
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown', ' ']);
const TYPING = 'input, textarea, select, [contenteditable]';

export interface ChatScrollOptions {
  /** Which chat: another one starts afresh (the screen stays while the route changes). */
  chat: string;
  entries: readonly ChatEntry[];
  /** The key of the newest entry seen before this visit (null on a first visit). */
  seenAtOpen: string | null;
  /** The first entry not seen before this visit: the chat opens there, unless all after it fits below. */
  unreadAt: number | null;
  /** The reader has seen the chat up to this entry, further than before. */
  onSeen(key: string): void;
}

export interface ChatScroll {
  /** The newest entry is out of sight: the jump-to-latest button shows. */
  away: ReadonlySignal<boolean>;
  /** Entries below the furthest one the reader has reached, not their own: the button's count. */
  unseen: ReadonlySignal<number>;
  /** Scrolls to the newest entry, and follows new ones again. */
  toNewest(): void;
}

/**
 * A messenger's scrolling for the chat, which scrolls the page itself: it opens at the newest
 * item, or at the first unread one when what came since does not fit on one screen; while the
 * reader is at the bottom, new items (and rows that grow, such as markdown once drawn) keep it
 * there; once the reader scrolls away (wheel, touch, keys), the jump-to-latest button shows, and
 * counts what they have not reached yet. The bottom is where `end` (a mark just after the dock)
 * meets the bottom of the viewport.
 *
 * What the reader has reached is read from the drawn rows (`aria-posinset` is each row's place in
 * the chat): the last one that begins above the dock. Nothing counts as seen while the page is hidden.
 */
export function useChatScroll(end: RefObject<HTMLElement | null>, options: ChatScrollOptions): ChatScroll {
  const { chat, entries, seenAtOpen, unreadAt } = options;
  const last = entries.at(-1);
  const lastKey = last ? entryKey(last) : null;
  const mine = last !== undefined && last.type === 'item' && last.item.kind === 'user';
  const count = entries.length;

  const pinned = useRef(true);
  /** The reader moved the page themselves since it was last at the bottom (a layout shift did not). */
  const moved = useRef(false);
  /** The chat opens at its unread divider once the divider's row is drawn. */
  const toUnread = useRef(false);
  /** The furthest entry the reader has reached in this chat. */
  const reached = useRef<string | null>(seenAtOpen);
  const away = useSignal(false);
  const unseen = useSignal(0);
  const latest = useRef({ entries, onSeen: options.onSeen, unreadAt });
  latest.current = { entries, onSeen: options.onSeen, unreadAt };

  const bottom = useCallback(() => {
    const mark = end.current;
    return mark ? Math.max(0, mark.getBoundingClientRect().top + window.scrollY - window.innerHeight) : 0;
  }, [end]);
  const toBottom = useCallback(() => window.scrollTo({ top: bottom(), behavior: 'instant' }), [bottom]);

  /** Reads what the reader has reached and whether the newest entry is in sight. */
  const look = useCallback(() => {
    const list = latest.current.entries;
    const root = end.current?.parentElement;
    const atBottom = Math.abs(window.scrollY - bottom()) <= NEAR_BOTTOM_PX;
    // Rows pass under the dock and the header: a row is reached once it begins above the dock,
    // and in sight while its end is between the two.
    const floor = root?.querySelector('.chat-dock')?.getBoundingClientRect().top ?? window.innerHeight;
    const ceiling = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    let furthest = atBottom ? list.length - 1 : -1;
    let newestShown = atBottom;
    const rows = root?.querySelector('ol.entries')?.children ?? [];
    for (let i = rows.length - 1; i >= 0 && !atBottom; i -= 1) {
      const box = rows[i]!.getBoundingClientRect();
      if (box.top >= floor - 1) continue;
      furthest = Number(rows[i]!.getAttribute('aria-posinset')) - 1;
      newestShown = furthest === list.length - 1 && box.bottom <= floor + 1 && box.bottom > ceiling;
      break;
    }
    away.value = list.length > 0 && !newestShown;
    const before = indexOfKey(list, reached.current);
    // Nothing is seen on a hidden page, nor on the way to the unread divider.
    if (!toUnread.current && document.visibilityState !== 'hidden' && furthest > before && furthest < list.length) {
      reached.current = entryKey(list[furthest]!);
      latest.current.onSeen(reached.current);
    }
    unseen.value = unseenAfter(list, indexOfKey(list, reached.current));
  }, [end, bottom, away, unseen]);

  /** Opens at the unread divider, or at the newest entry when all that came since fits below it. */
  const open = useCallback(() => {
    const { unreadAt: at } = latest.current;
    if (!toUnread.current || at === null) return;
    const row = end.current?.parentElement?.querySelector(`ol.entries > [aria-posinset="${at + 1}"]`);
    if (!row) {
      // Not drawn yet (the list draws it once the markdown renderer is in): tried again as rows come.
      toBottom();
      return look();
    }
    toUnread.current = false;
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const top = row.getBoundingClientRect().top + window.scrollY - Math.max(0, header) - ABOVE_UNREAD_PX;
    pinned.current = top >= bottom();
    if (pinned.current) toBottom();
    else window.scrollTo({ top, behavior: 'instant' });
    look();
  }, [end, bottom, toBottom, look]);

  // Another chat in the same screen: nothing of the last one's place carries over.
  const shown = useRef({ chat, seenAtOpen });
  const seen = useRef<{ last: string | null; count: number }>({ last: null, count: 0 });
  /** Where the unread divider was at the last render: it comes once, with the chat's first read. */
  const divided = useRef<number | null>(null);
  if (shown.current.chat !== chat) {
    pinned.current = true;
    moved.current = false;
    toUnread.current = false;
    seen.current = { last: null, count: 0 };
    divided.current = null;
  }
  // The store reads where the person left off as the chat is shown (just after this screen is).
  if (shown.current.chat !== chat || shown.current.seenAtOpen !== seenAtOpen) reached.current = seenAtOpen;
  shown.current = { chat, seenAtOpen };

  useEffect(() => {
    let frame = 0;
    const lookSoon = () => {
      if (frame === 0)
        frame = requestAnimationFrame(() => {
          frame = 0;
          look();
        });
    };
    const onInput = (event: Event) => {
      // Typing, and taps on the chat's own controls, move nothing; dragging the page's scrollbar does.
      if (event instanceof KeyboardEvent && (!SCROLL_KEYS.has(event.key) || (event.target instanceof Element && event.target.closest(TYPING)))) return;
      if (event.type === 'pointerdown' && event.target !== document.documentElement) return;
      // Focus taken to a card or a row (Needs your answer, a link from the inbox) takes the reader
      // there; focus put on the screen's heading as it opens (screen-place.ts) moves nothing.
      if (event.type === 'focusin' && (!(event.target instanceof Element) || event.target.closest('.chat-dock, header'))) return;
      moved.current = true;
      toUnread.current = false;
    };
    const onScroll = () => {
      if (Math.abs(window.scrollY - bottom()) <= NEAR_BOTTOM_PX) {
        pinned.current = true;
        moved.current = false;
      } else if (moved.current) pinned.current = false;
      // Rows measured at last (far rows are drawn lazily) or the browser's scroll anchoring moved
      // the page while the reader stayed at the newest item: back to the bottom.
      else if (pinned.current) toBottom();
      lookSoon();
    };
    const keep = () => {
      if (toUnread.current) open();
      else if (pinned.current) toBottom();
      lookSoon();
    };
    const inputs = [...READER_INPUTS, 'focusin'] as const;
    for (const name of inputs) window.addEventListener(name, onInput, { passive: true });
    window.addEventListener('scroll', onScroll, { passive: true });
    // The on-screen keyboard resizes the page (interactive-widget=resizes-content).
    window.addEventListener('resize', keep);
    // Back on a page that was hidden: what is in sight now counts as seen.
    document.addEventListener('visibilitychange', lookSoon);
    const grown = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(keep);
    if (grown && end.current?.parentElement) grown.observe(end.current.parentElement);
    return () => {
      cancelAnimationFrame(frame);
      for (const name of inputs) window.removeEventListener(name, onInput);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', keep);
      document.removeEventListener('visibilitychange', lookSoon);
      grown?.disconnect();
    };
  }, [end, bottom, toBottom, look, open]);

  useLayoutEffect(() => {
    const before = seen.current;
    seen.current = { last: lastKey, count };
    // The same last item: older items came in above, or nothing new; the place is kept elsewhere.
    if (lastKey === before.last || lastKey === null) return;
    // The chat's first entries: it opens at the newest, or at its unread divider (see below).
    if (before.last === null) pinned.current = !toUnread.current;
    // The person's own message is where they look next, wherever they were.
    if (mine && before.last !== null) toUnread.current = false;
    // Decided now, before the new rows move the page (a scroll then would read as the reader's).
    const follow = pinned.current || mine;
    // Before the next frame is drawn, with the layout that frame needs anyway: no extra layout pass.
    const frame = requestAnimationFrame(() => {
      if (toUnread.current) return open();
      if (follow) {
        pinned.current = true;
        toBottom();
      }
      look(); // and counted for the jump button
    });
    return () => cancelAnimationFrame(frame);
  }, [lastKey, mine, count, toBottom, look, open]);

  // The unread divider comes with the chat's first read from the bridge (a copy kept from the last
  // visit may show before it): the chat opens there then, unless the reader has moved meanwhile.
  useLayoutEffect(() => {
    const was = divided.current;
    divided.current = unreadAt;
    if (unreadAt === null || was !== null || moved.current) return;
    toUnread.current = true;
    pinned.current = false;
    const frame = requestAnimationFrame(open);
    return () => cancelAnimationFrame(frame);
  }, [unreadAt, open]);

  return {
    away,
    unseen,
    toNewest: () => {
      pinned.current = true;
      moved.current = false;
      toUnread.current = false;
      toBottom();
      look();
    },
  };
}
