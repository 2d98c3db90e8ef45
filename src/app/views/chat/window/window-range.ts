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
 * Screens drawn beyond the viewport as a list opens. The rest of the overscan is drawn once the
 * page is scrolled to its place, a few rows a task (`stepToward`): the opening draw (every row's
 * markdown and layout for the first time) is the chat's longest task, and on a phone it blocks the page.
 */
export const OPENING_SCREENS = 0.75;
/**
 * Rows added beyond each edge of the viewport in one task, as the overscan is drawn. A row's first
 * draw (its markdown, its layout) can take a few milliseconds on a phone: a whole overscan drawn at
 * once is a task long enough to hold up a tap, so it grows a few rows a task instead. Rows the
 * viewport needs are never held back.
 */
export const STEP_ROWS = 2;
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

/**
 * The next rows to draw on the way from `drawn` to `target`: every row of `cover` (the viewport's),
 * the drawn rows still inside `target`, and at most `rows` more beyond each edge.
 */
export function stepToward(drawn: Range, cover: Range, target: Range, rows = STEP_ROWS): Range {
  // Drawn rows far from the viewport (a jump) are not kept: the step starts from the viewport's.
  const apart = drawn.end < cover.start || drawn.start > cover.end;
  const from = apart ? cover : { start: Math.min(cover.start, Math.max(drawn.start, target.start)), end: Math.max(cover.end, Math.min(drawn.end, target.end)) };
  return { start: Math.max(target.start, from.start - rows), end: Math.min(target.end, from.end + rows) };
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
