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

/** The newest rows, as a chat opens: the bottom screen and the overscan above it. */
export function rangeAtEnd(heights: Heights, height: number): Range {
  const total = heights.total();
  return rangeAround(heights, total - height, height);
}

/** Whether the drawn rows no longer fit the viewport: too few beyond an edge, or too many. */
export function needsRedraw(drawn: Range, heights: Heights, top: number, height: number): boolean {
  const least = rangeAround(heights, top, height, LEAST_SCREENS);
  const most = rangeAround(heights, top, height, MOST_SCREENS);
  return drawn.start > least.start || drawn.end < least.end || drawn.start < most.start || drawn.end > most.end;
}
