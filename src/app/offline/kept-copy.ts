import { afterNextPaint } from '../next-paint';
import type { Kept, KeptCopies } from '../storage';

/** Chats change many times a second while an agent works: after the first, a copy is written at most this often. */
export const COPY_WRITE_MS = 2000;

/** One view's kept copy, as the resource that reads the view uses it. */
export interface KeptCopy<T> {
  /**
   * The copy, parsed (and its parser loaded) only while `wanted()` still says so: the bridge often
   * answers while the copy is on its way, and a long chat's copy is thousands of rows to check for nothing.
   */
  load(wanted?: () => boolean): Promise<Kept<T> | null>;
  /** Keeps this as the view's latest copy: the first at once, then the last of a burst a little later. */
  save(value: T): void;
}

/** Tells when the page is being left (hidden, reloaded, closed), so what waits to be written is written now. */
export type OnLeave = (flush: () => void) => void;

/** Runs `then` once the frame that draws what was just read has been painted. */
export type AfterPaint = (then: () => void) => void;

/** Copies waiting for their timer; the page's leaving writes them all. */
const waiting = new Set<() => void>();
let listening = false;
const browserLeave: OnLeave = (flush) => {
  waiting.add(flush);
  if (listening || typeof window === 'undefined') return;
  listening = true;
  const leaveNow = () => {
    for (const write of [...waiting]) write();
  };
  // pagehide covers a reload or a closed tab; a phone that switches apps only hides the page.
  window.addEventListener('pagehide', leaveNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leaveNow();
  });
};

export interface CopyEnv {
  /**
   * While this returns a promise, the first write waits for it, not for the next frame: the
   * start-up holds it until the first screen is shown (PollEnv.hold). Written before it, the copy
   * (IndexedDB's code, for a first screen a round trip, and a long chat's structured clone) would
   * stand between the bridge's answer and the screen that shows it.
   */
  hold?: (() => Promise<void> | null) | undefined;
  now?: () => number;
  onLeave?: OnLeave;
  /** Defaults to the next frame, then the task after it: the frame draws the view first. */
  afterPaint?: AfterPaint;
}

/**
 * `parser` loads the view's parser when a copy is first read (the parsers stay off the first
 * screen's code). The first copy is written as soon as the view is drawn (just after the frame
 * that draws it), and a copy still waiting is written when the page is left: a chat opened a
 * moment before the connection drops, or before a reload, is still there to read offline.
 */
export function keptCopy<T>(copies: KeptCopies, key: string, parser: () => Promise<(raw: unknown) => T | null>, env: CopyEnv = {}): KeptCopy<T> {
  const { hold, now = Date.now, onLeave = browserLeave, afterPaint = afterNextPaint } = env;
  let pending: { value: T; at: number } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let written = false;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    waiting.delete(flush);
    const next = pending;
    pending = null;
    if (next) void copies.write(key, next.value, next.at);
  };
  return {
    async load(wanted = () => true) {
      // The copy first, its parser (a chunk: on a phone's link a round trip) only for a copy still
      // wanted: the bridge's first answer usually comes before the copy, and then neither loads.
      const kept = await copies.read<unknown>(key, (raw) => raw);
      if (!kept || !wanted()) return null;
      const parse = await parser();
      const value = wanted() ? parse(kept.value) : null;
      return value === null ? null : { value, at: kept.at };
    },
    save(value) {
      pending = { value, at: now() };
      if (!written) {
        written = true;
        // Whatever is pending then: a burst meanwhile is one write.
        const held = hold?.();
        if (held) void held.then(flush);
        else afterPaint(flush);
        onLeave(flush);
        return;
      }
      if (timer !== undefined) return;
      timer = setTimeout(flush, COPY_WRITE_MS);
      onLeave(flush);
    },
  };
}
