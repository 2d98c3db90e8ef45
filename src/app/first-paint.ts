import type { Route } from './routes';

/**
 * The longest the first render waits for the first screen's data. A phone whose bridge answers
 * within it paints the screen once, with its data; a slower one paints the frame at this bound
 * and the data when it comes, as before.
 */
export const FIRST_PAINT_WAIT_MS = 400;

/**
 * Whether the first render waits (firstPaintReady) at all: only for a screen whose code is in the
 * first load (app-view.tsx imports it; the others are lazy screens), so its data can be in the
 * first paint. For the others, and for a pairing link being traded, waiting would only hold back
 * the frame: their code, or their read, comes later anyway.
 */
export const paintsItsData = (route: Route | null): boolean => route?.screen === 'dashboard';

/**
 * When the first render may run: once every one of `answers` has settled (the pairing check, the
 * first screen's early read: first-read.ts), or after `waitMs`, whichever is first. Painted before
 * them, the first frame is a header over an empty screen and the data comes a task later: two
 * paints, the second redrawing what the first drew, the page moving under the person's thumb.
 * `answers` must not reject: a failed read is the screen's to report.
 */
export function firstPaintReady(answers: Promise<unknown>[], waitMs = FIRST_PAINT_WAIT_MS): Promise<unknown> {
  return Promise.race([Promise.all(answers), new Promise((resolve) => setTimeout(resolve, waitMs))]);
}

/** Runs `then` once the next frame has been painted: its animation frame, then the task after it. */
export function afterNextPaint(then: () => void): void {
  if (typeof requestAnimationFrame !== 'function') return void setTimeout(then, 0);
  requestAnimationFrame(() => setTimeout(then, 0));
}

/**
 * The longest the work held for the first paint waits for the browser to report it: a browser
 * that reports no paints (or a page drawn while hidden, which paints nothing) is not held for ever.
 */
export const FIRST_PAINT_REPORT_MAX_MS = 1000;

/**
 * Runs `then` once the browser reports the page's first contentful paint (the first screen shown,
 * not only drawn: on Chromium the report comes a little after the frame's task), or after
 * FIRST_PAINT_REPORT_MAX_MS.
 */
export function afterFirstContentfulPaint(then: () => void): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    then();
  };
  const timer = setTimeout(once, FIRST_PAINT_REPORT_MAX_MS);
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) once();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    afterNextPaint(once); // no paint timing here: the next frame is the best it can tell
  }
}

let firstPaint: Promise<void> | null = null;

/**
 * Held by main.tsx from before the stores start until the first screen has been painted: work
 * that can wait for it (the long-poll, the kept copy's first write: pendingFirstPaint) is not
 * asked for beside the first screen. Asked for before that paint, on a phone's link the long-poll
 * and IndexedDB's code competed with the first screen's own and held back the dashboard's largest
 * paint. Returns what main.tsx calls once it has rendered the first screen.
 */
export function holdUntilFirstPaint(shown: (then: () => void) => void = afterFirstContentfulPaint): () => void {
  let painted!: () => void;
  const held = new Promise<void>((resolve) => (painted = resolve));
  firstPaint = held;
  return () =>
    shown(() => {
      if (firstPaint === held) firstPaint = null;
      painted();
    });
}

/** Settles once the first screen has been painted, while main.tsx holds it; null when nothing waits (after it, or in a test). */
export const pendingFirstPaint = (): Promise<void> | null => firstPaint;
