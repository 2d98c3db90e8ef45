/** Room kept for a reply's envelope (epoch, cursor, asks, turn) around its list. */
export const ENVELOPE_BYTES = 256 * 1024;

const sizeOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * The longest run of `list` from its start whose JSON fits in `budget` bytes, so a reply never
 * crosses its limit (a reader does not read a reply over its limit at all).
 */
export function fitFromStart<T>(list: readonly T[], budget: number): T[] {
  let used = 0;
  let end = 0;
  while (end < list.length) {
    used += sizeOf(list[end]) + 1;
    if (used > budget) break;
    end += 1;
  }
  return list.slice(0, end);
}

/** The longest run from the end of `list` that fits in `budget` bytes. */
export function fitFromEnd<T>(list: readonly T[], budget: number): T[] {
  let used = 0;
  let start = list.length;
  while (start > 0) {
    used += sizeOf(list[start - 1]) + 1;
    if (used > budget) break;
    start -= 1;
  }
  return list.slice(start);
}
