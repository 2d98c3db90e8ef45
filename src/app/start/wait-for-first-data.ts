import type { Route } from '../routes';
import { START_WAITS } from './waits';

/**
 * Whether the first render waits (firstPaintReady) at all: only for a screen whose code is in the
 * first load (app-view.tsx imports it; the others are lazy screens), so its data can be in the
 * first paint. For the others, and for a pairing link being traded, waiting would only hold back
 * the frame: their code, or their read, comes later anyway.
 */
export const paintsItsData = (route: Route | null): boolean => route?.screen === 'dashboard';

/**
 * When the first render may run: once every one of `answers` has settled (the pairing check, the
 * first screen's early read: read-data-early.ts), or after `waitMs` (START_WAITS.firstDataMaxMs),
 * whichever is first. A phone whose bridge answers within it paints the screen once, with its data;
 * a slower one paints the frame at this bound and the data when it comes. Painted before them, the
 * first frame is a header over an empty screen and the data comes a task later: two paints, the
 * second redrawing what the first drew, the page moving under the person's thumb.
 * `answers` must not reject: a failed read is the screen's to report.
 */
export function firstPaintReady(answers: Promise<unknown>[], waitMs: number = START_WAITS.firstDataMaxMs): Promise<unknown> {
  return Promise.race([Promise.all(answers), new Promise((resolve) => setTimeout(resolve, waitMs))]);
}
