/**
 * The heights of a long list's rows, drawn or not: measured where a row was drawn once (kept by
 * its key, so it survives items coming in above), estimated where it never was. Answers where a
 * row starts and which row is at a given height, for the spacers that stand in for undrawn rows.
 *
 * An append (the usual change) costs only the new rows; the running sums are brought up to date
 * lazily, from the first row whose height changed.
 */
export class RowHeights<T> {
  private items: readonly T[] = [];
  private keys: string[] = [];
  private sizes: number[] = [];
  /** tops[i] is where row i starts; valid for i <= valid. */
  private tops: number[] = [0];
  private valid = 0;
  private readonly measured = new Map<string, number>();

  constructor(private readonly keyOf: (item: T) => string) {}

  get length(): number {
    return this.sizes.length;
  }

  /**
   * Follows a new list of items: appended ones are added; any other change lines the heights up
   * again. A row never measured takes `estimate`.
   */
  sync(items: readonly T[], estimate: (item: T, index: number) => number): void {
    if (items === this.items) return;
    const from = appendedTo(this.items, items) ? this.items.length : 0;
    this.keys.length = from;
    this.sizes.length = from;
    for (let i = from; i < items.length; i += 1) {
      const key = this.keyOf(items[i]!);
      this.keys.push(key);
      this.sizes.push(this.measured.get(key) ?? estimate(items[i]!, i));
    }
    this.items = items;
    this.valid = Math.min(this.valid, from);
    this.tops.length = this.valid + 1;
  }

  /** Takes a drawn row's height; true when it differs from what was assumed. */
  measure(index: number, size: number): boolean {
    const key = this.keys[index];
    if (key === undefined || this.sizes[index] === size) return false;
    this.sizes[index] = size;
    this.measured.set(key, size);
    if (index < this.valid) {
      this.valid = index;
      this.tops.length = index + 1;
    }
    return true;
  }

  /** Where row `index` starts (the list's height for `length`). */
  top(index: number): number {
    const until = Math.max(0, Math.min(index, this.sizes.length));
    for (let i = this.valid; i < until; i += 1) this.tops[i + 1] = this.tops[i]! + this.sizes[i]!;
    this.valid = Math.max(this.valid, until);
    return this.tops[until]!;
  }

  total(): number {
    return this.top(this.sizes.length);
  }

  /** The row at height `y` (clamped to the first and last rows); 0 for an empty list. */
  indexAt(y: number): number {
    const n = this.sizes.length;
    if (n === 0 || y <= 0) return 0;
    this.top(n);
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.tops[mid]! <= y) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}

/** `next` is `before` with items added at the end (the same objects at the same places: see the chat store). */
export function appendedTo<T>(before: readonly T[], next: readonly T[]): boolean {
  const n = before.length;
  return n > 0 && next.length >= n && next[0] === before[0] && next[n - 1] === before[n - 1];
}
