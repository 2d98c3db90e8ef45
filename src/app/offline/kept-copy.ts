import type { Kept, KeptCopies } from '../storage';

/** Chats change many times a second while an agent works: a copy is written at most this often. */
export const COPY_WRITE_MS = 2000;

/** One view's kept copy, as the resource that reads the view uses it. */
export interface KeptCopy<T> {
  load(): Promise<Kept<T> | null>;
  /** Keeps this as the view's latest copy (written a little later, the last of a burst only). */
  save(value: T): void;
}

/** `parser` loads the view's parser when a copy is first read (the parsers stay off the first screen's code). */
export function keptCopy<T>(copies: KeptCopies, key: string, parser: () => Promise<(raw: unknown) => T | null>, now: () => number = Date.now): KeptCopy<T> {
  let pending: { value: T; at: number } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const next = pending;
    pending = null;
    if (next) void copies.write(key, next.value, next.at);
  };
  return {
    load: async () => copies.read(key, await parser()),
    save(value) {
      pending = { value, at: now() };
      timer ??= setTimeout(flush, COPY_WRITE_MS);
    },
  };
}
