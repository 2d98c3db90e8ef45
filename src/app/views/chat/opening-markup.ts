import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChatEntry } from '../../../wire/bridge-json';
import { markup } from '../../markdown/markup';
import { codeJob, markdownJob, type MarkupJob } from '../../markdown/markup-job';

/** Entries each side of where the chat opens whose markup the first draw waits for: more than its first rows. */
const AROUND = 40;
/** The longest the first draw waits for that markup; rows not made by then show their text until it is. */
export const OPENING_MARKUP_WAIT_MS = 3000;

/**
 * The markup the rows around `at` are drawn with and that changes their height: markdown (plain;
 * colour moves nothing) and diffs shown as tables. Tool outputs are folded away: they wait for nothing.
 */
export function openingJobs(entries: readonly ChatEntry[], at: number): MarkupJob[] {
  const jobs: MarkupJob[] = [];
  for (let i = Math.max(0, at - AROUND); i < Math.min(entries.length, at + AROUND); i += 1) {
    const entry = entries[i]!;
    if (entry.type !== 'item') continue;
    const { item } = entry;
    if (item.kind === 'markdown') jobs.push(markdownJob(item.text));
    else if (item.kind === 'code') {
      const job = codeJob(item.text, item.language);
      if (job?.kind === 'diff') jobs.push(job);
    }
  }
  return jobs;
}

/**
 * Whether the chat may draw its rows: once the markup of the rows where it opens (at `at`, else
 * at the newest) is made, or OPENING_MARKUP_WAIT_MS after it was first asked for; and from then on.
 * Drawn before, a markdown row would show its text and grow as its markup came, moving the rows
 * under the reader; and a list drawn anew is no layout shift, an empty one that fills is not either.
 */
export function useOpeningMarkup(entries: readonly ChatEntry[], at: number | null): boolean {
  const [waited, setWaited] = useState(false);
  const ready = useRef(false);
  const asked = useRef<Promise<unknown> | null>(null);
  if (!ready.current && entries.length > 0) {
    const jobs = openingJobs(entries, at ?? entries.length - 1);
    if (waited || jobs.every((job) => markup.made(job) !== undefined)) ready.current = true;
    // Asked for in this render, not after the paint; the first list read decides what is waited for.
    else asked.current ??= Promise.race([Promise.all(jobs.map((job) => markup.make(job))), new Promise((resolve) => setTimeout(resolve, OPENING_MARKUP_WAIT_MS))]);
  }
  const waiting = asked.current;
  useEffect(() => {
    if (!waiting || ready.current) return;
    let live = true;
    // Drawn in a task of its own: the draw is the opening's longest piece of script, and the task that
    // sanitised the last reply (markup-maker.ts) would otherwise run it too.
    void waiting.then(() => setTimeout(() => live && setWaited(true), 0));
    return () => {
      live = false;
    };
  }, [waiting]);
  return ready.current;
}
