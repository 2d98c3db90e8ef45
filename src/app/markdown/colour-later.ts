import { useEffect, useState } from 'preact/hooks';

/**
 * Colour (highlighted code) is worked out in short slices between frames, never in the frame a
 * row first appears. Colour moves nothing (plain and coloured code take the same room), so a chat
 * that opens with dozens of code rows draws them at once and colours them a few at a time: no
 * long task holds the reader's first tap, and a row scrolled past before its turn costs nothing.
 */
const SLICE_MS = 8;
const jobs = new Set<() => void>();
let planned = false;

const later = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 250 }) : setTimeout(run, 0));

function runSlice(): void {
  planned = false;
  const end = performance.now() + SLICE_MS;
  for (const job of jobs) {
    jobs.delete(job);
    job();
    if (performance.now() >= end) break;
  }
  if (jobs.size > 0) plan();
}

function plan(): void {
  if (planned) return;
  planned = true;
  later(runSlice);
}

/** Runs `job` in a later slice; the returned function takes it back if it has not run. */
export function colourLater(job: () => void): () => void {
  jobs.add(job);
  plan();
  return () => jobs.delete(job);
}

/**
 * What `make` makes, once a slice has run it; null until then, and null while `make` is null.
 * `key` names what is made: a new key drops the old result and waits for the new one.
 */
export function useColoured<T>(make: (() => T) | null, key: readonly unknown[]): T | null {
  const [made, setMade] = useState<{ key: readonly unknown[]; value: T } | null>(null);
  useEffect(() => {
    if (!make) return;
    return colourLater(() => setMade({ key, value: make() }));
    // `key` stands for `make`, which is a new function at each draw.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [make === null, ...key]);
  return make && made && made.key.length === key.length && made.key.every((part, i) => Object.is(part, key[i])) ? made.value : null;
}
