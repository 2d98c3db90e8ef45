import { useEffect, useReducer, useRef } from 'preact/hooks';
import { markup } from './markup';
import { jobKey, type MarkupJob } from './markup-job';

/**
 * The job's markup (markup.ts) for a view: at once when it was made before, else undefined
 * while it is made (asked for in this render, not after the paint), then the view draws again.
 * A null job asks for nothing. A job that could not be made is not asked for again by this view:
 * it keeps its text.
 */
export function useMarkup(job: MarkupJob | null): string | null | undefined {
  const [, drawAgain] = useReducer((n: number) => n + 1, 0);
  const failed = useRef<string | null>(null);
  const got = job ? markup.made(job) : undefined;
  const key = job && jobKey(job);
  const making = job && got === undefined && key !== failed.current ? markup.make(job) : null;
  useEffect(() => {
    if (!making || !job) return;
    let live = true;
    void making.then(() => {
      if (!live) return;
      if (markup.made(job) === undefined) failed.current = key;
      drawAgain(0);
    });
    return () => {
      live = false;
    };
    // `making` is one promise for one job while it is made; `job` is a new object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, making]);
  return got;
}
