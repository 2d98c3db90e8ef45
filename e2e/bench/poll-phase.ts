/** Writing at a random phase of the bridge's poll, for the benchmarks that time write → row. */
import { CADENCE } from '../../src/bridge/poll/cadence';

/** The bridge reads its agents this often over a socket while a phone looks. */
export const POLL_MS = CADENCE.socket.looking;

/**
 * `n` random phases of the poll, one in each of `n` equal slices of it, shuffled: random as the
 * issue asks (never right after the previous row, which waits a whole poll: the README's old
 * 988 ms), yet spread evenly, so the median of a dozen is not itself a coin toss. Each is a
 * delay to wait before the next write, counted from a fixed time after the previous row: a
 * constant shift of a uniform phase is still a uniform phase.
 */
export function randomPhases(n: number): number[] {
  const slices = Array.from({ length: n }, (_, k) => ((k + Math.random()) / n) * POLL_MS);
  for (let i = slices.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [slices[i], slices[j]] = [slices[j]!, slices[i]!];
  }
  return slices;
}
