import { appendedTo } from './row-heights';
/** What the range needs of the rows' heights (row-heights.ts). */
export interface Heights {
  readonly length: number;
  total(): number;
  indexAt(y: number): number;
}

/** The rows drawn: `start` included, `end` not. */
export interface Range {
  start: number;
  end: number;
}

/** Screens of rows drawn beyond each edge of the viewport, so a fast fling rarely meets a blank. */
export const OVERSCAN_SCREENS = 1.5;
/**
 * Screens drawn beyond the viewport as a list opens: more than the least below, so a first small
 * scroll draws nothing. The rest of the overscan is drawn by the list's first fit after the page
 * is scrolled to its place, in a task of its own: the opening draw (every row's markdown and
 * layout for the first time) is the chat's longest task, and on a phone it blocks the page.
 */
export const OPENING_SCREENS = 0.75;
/** Drawn again once less than this is drawn beyond an edge... */
const LEAST_SCREENS = 0.5;
/** ...or more than this (rows pile up at the bottom while the chat follows new items). */
const MOST_SCREENS = 3;

/** The rows that cover the viewport (`top` and `height` in the list's own pixels) and `screens` beyond each edge. */
export function rangeAround(heights: Heights, top: number, height: number, screens = OVERSCAN_SCREENS): Range {
  if (heights.length === 0) return { start: 0, end: 0 };
  const start = heights.indexAt(top - height * screens);
  const end = Math.max(start + 1, Math.min(heights.length, heights.indexAt(top + height * (1 + screens)) + 1));
  return { start, end };
}

/** The newest rows, as a chat opens: the bottom screen and the opening's overscan above it. */
export function rangeAtEnd(heights: Heights, height: number): Range {
  const total = heights.total();
  return rangeAround(heights, total - height, height, OPENING_SCREENS);
}

/** Whether the drawn rows no longer fit the viewport: too few beyond an edge, or too many. */
export function needsRedraw(drawn: Range, heights: Heights, top: number, height: number): boolean {
  const least = rangeAround(heights, top, height, LEAST_SCREENS);
  const most = rangeAround(heights, top, height, MOST_SCREENS);
  return drawn.start > least.start || drawn.end < least.end || drawn.start < most.start || drawn.end > most.end;
}

/**
 * The drawn range for a new list of items: an append keeps it (and the last rows drawn stay
 * drawn); items in or out above move it with the rows it drew. Null when none of them is left.
 */
export function follow<T>(range: Range, before: readonly T[], after: readonly T[], keyOf: (item: T) => string): Range | null {
  const atEnd = range.end >= before.length;
  if (appendedTo(before, after)) return atEnd ? { start: range.start, end: after.length } : range;
  let at = -1;
  let i = range.start;
  for (; i < range.end && at < 0; i += 1) at = after.indexOf(before[i]!);
  if (at < 0) {
    // The entries were read again as new objects: find the first drawn row by its key.
    const keys = new Map(after.map((item, index) => [keyOf(item), index]));
    for (i = range.start; i < range.end && at < 0; i += 1) at = keys.get(keyOf(before[i]!)) ?? -1;
  }
  if (at < 0) return null;
  const start = Math.max(0, at - (i - 1 - range.start));
  const end = atEnd ? after.length : Math.min(after.length, start + range.end - range.start);
  return { start: Math.min(start, Math.max(0, end - 1)), end };
}
