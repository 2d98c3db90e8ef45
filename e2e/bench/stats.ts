/** Small statistics and table printing shared by the benchmarks: medians, percentiles, ratios. */

/** The value at fraction `p` (0..1) of the sorted values, nearest rank; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export const median = (values: readonly number[]) => percentile(values, 0.5);

/** Runs `run` `rounds` times, one after another; the milliseconds each took. */
export async function timedRounds(rounds: number, run: () => Promise<unknown>): Promise<number[]> {
  const took: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    await run();
    took.push(performance.now() - started);
  }
  return took;
}

export const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);

export const fmt = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '—');

export const kb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(bytes < 10240 ? 2 : 1)} KB` : '—');

/** A plain-text table: the first row is the header, columns padded to their widest cell. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  const line = (r: readonly string[]) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

/** A target line of the issue: the figure, the target and whether this run met it (a report, never a failure). */
export function target(label: string, figure: string, goal: string, met: boolean): string {
  return `${met ? 'met    ' : 'NOT met'}  ${label}: ${figure}  (target ${goal})`;
}
