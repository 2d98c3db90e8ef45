/**
 * How the phone's reads of a resource that is gone are spaced, in wall-clock time on this
 * machine (the unit test checks the same pause on a fake clock, where it is exact): the pause
 * between two reads, and how many reads a 120 ms stretch holds with a 50 ms pause.
 * Medians; run with `npx tsx src/app/bench/poll-pause.ts`.
 */
import { performance } from 'node:perf_hooks';
import { polled } from '../stores/polled';

const RETRY_MS = 50;
const WINDOW_MS = 120;
const ROUNDS = 15;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** One stretch of `WINDOW_MS`: when each read came, from the start. */
async function stretch(): Promise<number[]> {
  const at: number[] = [];
  const started = performance.now();
  const resource = polled<number>(
    async () => {
      at.push(performance.now() - started);
      return { changed: false, gone: true };
    },
    { retryMs: RETRY_MS, isVisible: () => true, onVisibility: () => () => {} },
  );
  const stop = resource.start();
  await new Promise((r) => setTimeout(r, WINDOW_MS)); // the stretch measured, not a wait in a test
  stop();
  return at;
}

async function main(): Promise<void> {
  const reads: number[] = [];
  const pauses: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const at = await stretch();
    reads.push(at.length);
    for (let j = 1; j < at.length; j += 1) pauses.push(at[j]! - at[j - 1]!);
  }
  console.log(`the phone's pause before asking again for a gone resource (medians of ${ROUNDS} stretches; node ${process.versions.node})`);
  console.log(`${'pause between two reads'.padEnd(40)} ${median(pauses).toFixed(1).padStart(7)} ms   x${(median(pauses) / RETRY_MS).toFixed(3)} of ${RETRY_MS} ms`);
  console.log(
    `${`reads in ${WINDOW_MS} ms`.padEnd(40)} ${String(median(reads)).padStart(7)}      (min ${Math.min(...reads)}, max ${Math.max(...reads)}; at most ${1 + Math.floor(WINDOW_MS / RETRY_MS)} on an exact clock)`,
  );
}

await main();
