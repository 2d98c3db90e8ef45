/** Wrong pairing secrets allowed per address within the window, before it must wait. */
export const FAILURES_ALLOWED = 10;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Addresses remembered at most: the oldest are forgotten first. */
const ADDRESSES = 4096;

/**
 * Counts wrong pairing secrets per address (a sliding window): past the allowance the address's
 * wrong secrets are refused with 429 until its oldest failure leaves the window. A valid secret is
 * never refused (the route looks at it first), so a proxy that makes every phone one address
 * cannot be turned into a lockout. 256 bits cannot be guessed; this keeps the log and the CPU
 * quiet under someone who tries.
 */
export class FailureLimit {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds the address must wait before it may try again, or 0. */
  retryAfter(address: string): number {
    const recent = this.recent(address);
    if (recent.length < FAILURES_ALLOWED) return 0;
    return Math.ceil((recent[0]! + FAILURE_WINDOW_MS - this.now()) / 1000);
  }

  fail(address: string): void {
    const recent = this.recent(address);
    this.failures.delete(address);
    this.failures.set(address, [...recent, this.now()]);
    if (this.failures.size > ADDRESSES) this.failures.delete(this.failures.keys().next().value as string);
  }

  private recent(address: string): number[] {
    const since = this.now() - FAILURE_WINDOW_MS;
    const kept = (this.failures.get(address) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.failures.delete(address);
    else this.failures.set(address, kept);
    return kept;
  }
}
