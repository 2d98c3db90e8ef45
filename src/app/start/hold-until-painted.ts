import { afterNextPaint } from '../next-paint';
import { START_WAITS } from './waits';

/**
 * Runs `then` once the browser reports the page's first contentful paint (the first screen shown,
 * not only drawn: on Chromium the report comes a little after the frame's task), or after
 * `maxMs` (START_WAITS.paintReportMaxMs): a browser that reports no paints (or a page drawn while
 * hidden, which paints nothing) is not held for ever.
 */
export function afterFirstContentfulPaint(then: () => void, maxMs: number = START_WAITS.paintReportMaxMs): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    then();
  };
  const timer = setTimeout(once, maxMs);
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) once();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    afterNextPaint(once); // no paint timing here: the next frame is the best it can tell
  }
}

/** The start-up's hold on the work that can wait for the first screen's paint. */
export interface PaintHold {
  /** Settles once the first screen has been painted, while held; null when nothing waits (after it). */
  pending(): Promise<void> | null;
  /** Said once the first screen has been rendered: the hold ends when the browser has shown it. */
  rendered(): void;
}

/**
 * Held from before the stores start until the first screen has been painted: work that can wait
 * for it (the long-poll, the kept copy's first write: the stores take `pending` as their hold) is
 * not asked for beside the first screen. Asked for before that paint, on a phone's link the
 * long-poll and IndexedDB's code competed with the first screen's own and held back the
 * dashboard's largest paint.
 */
export function holdUntilFirstPaint(shown: (then: () => void) => void = afterFirstContentfulPaint): PaintHold {
  let painted!: () => void;
  let held: Promise<void> | null = new Promise<void>((resolve) => (painted = resolve));
  return {
    pending: () => held,
    rendered: () =>
      shown(() => {
        held = null;
        painted();
      }),
  };
}
