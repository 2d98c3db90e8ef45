import { signal, type ReadonlySignal } from '@preact/signals';
import type { Fetched, ReadOptions } from '../phone-api-client';
import type { KeptCopy } from '../offline/kept-copy';
import { pollLoop, type PollOutcome } from '../../wire/poll-loop';

/**
 * A resource that is gone (a closed chat, an agent not attached) is asked for again this much
 * later, the pause doubling each time it is still gone up to `GONE_MAX_MS`: it may come back (an
 * agent still starting says none of its chats is open yet), but a stale address left open on a
 * phone must not read a missing chat every second for ever.
 */
export const RETRY_MS = 1000;
export const GONE_MAX_MS = 60_000;
/**
 * While the bridge does not answer, the phone asks again this often: short enough that the
 * banner goes within a second of the bridge answering again, long enough not to hammer it.
 */
export const FAILED_RETRY_MS = 400;
/**
 * A kept copy shows once the bridge has failed, or has not answered this long after the start. A
 * bridge that answers in time is drawn once: not the copy first and the answer over it a moment
 * later (a chat opened at the copy's end would then miss where the person left off, which only
 * the bridge's answer says).
 */
export const COPY_AFTER_MS = 300;

export interface Polled<T> {
  data: ReadonlySignal<T | null>;
  /** The last read failed: what shows is the last known state. */
  stale: ReadonlySignal<boolean>;
  /**
   * When the read the bridge last answered for this data was asked (ms; a long-poll's "unchanged"
   * too), null before: what the answer proves is true as of then. The moment it arrived would be
   * too late on a slow phone: the bridge answered from what it knew earlier.
   */
  readAt: ReadonlySignal<number | null>;
  /** Keeps the data fresh while the page is visible; returns the cleanup. */
  start(): () => void;
  refresh(): Promise<boolean>;
}

export interface PollEnv {
  retryMs?: number;
  goneMaxMs?: number;
  failedRetryMs?: number;
  /** Defaults to the page's own visibility. */
  isVisible?: () => boolean;
  onVisibility?: (listener: () => void) => () => void;
  /** Told after every read whether the bridge answered. */
  report?: (answered: boolean) => void;
  /** Told when a kept copy is shown before the bridge answered: when that copy was read. */
  kept?: (at: number) => void;
  /** How long the kept copy waits for the bridge's first answer (COPY_AFTER_MS). */
  copyAfterMs?: number;
  /**
   * While this returns a promise, the work that can wait waits for it: the long-poll here, and the
   * first write of a kept copy (the stores hand it on). Whoever builds the stores says what is more
   * urgent (the start-up: its first screen, start/sequence.tsx); left out, or null, nothing waits.
   */
  hold?: () => Promise<void> | null;
}

/**
 * One bridge resource kept fresh: a long-poll with its ETag (the bridge answers as soon as
 * something changes), the last good data kept when the bridge stops answering, and no reads at
 * all while the page is hidden.
 */
export function polled<T>(read: (etag: string | null, options: ReadOptions) => Promise<Fetched<T>>, env: PollEnv = {}, copy?: KeptCopy<T>): Polled<T> {
  const data = signal<T | null>(null);
  const stale = signal(false);
  const readAt = signal<number | null>(null);
  const retryMs = env.retryMs ?? RETRY_MS;
  const goneMaxMs = env.goneMaxMs ?? GONE_MAX_MS;
  const failedRetryMs = env.failedRetryMs ?? FAILED_RETRY_MS;
  const copyAfterMs = env.copyAfterMs ?? COPY_AFTER_MS;
  const isVisible = env.isVisible ?? (() => typeof document === 'undefined' || document.visibilityState === 'visible');
  const onVisibility =
    env.onVisibility ??
    ((listener: () => void) => {
      if (typeof document === 'undefined') return () => {};
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    });
  let etag: string | null = null;

  async function readOnce(options: ReadOptions): Promise<PollOutcome> {
    const askedAt = Date.now();
    try {
      const result = await read(etag, options);
      if (result.changed) {
        etag = result.etag;
        data.value = result.data;
        copy?.save(result.data);
      }
      stale.value = false;
      readAt.value = askedAt;
      env.report?.(true);
      return !result.changed && result.gone ? 'gone' : 'ok';
    } catch (err) {
      if (options.signal?.aborted) return 'ok'; // hidden or left: not a failure of the bridge
      stale.value = true;
      env.report?.(false);
      return 'failed';
    }
  }

  function start(): () => void {
    let stopped = false;
    let looping = false;
    let inFlight: AbortController | undefined;
    let wake: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // One loop at a time; it runs while the page is visible and ends when it is hidden.
    const loop = async () => {
      if (looping) return;
      looping = true;
      await pollLoop({
        read: async (wait) => {
          inFlight = new AbortController();
          const outcome = await readOnce({ wait, signal: inFlight.signal });
          if (outcome === 'failed') showCopy();
          return outcome;
        },
        holdsVersion: () => etag !== null,
        running: () => !stopped && isVisible(),
        failed: { firstMs: failedRetryMs, maxMs: failedRetryMs },
        gone: { firstMs: retryMs, maxMs: goneMaxMs },
        pause: (ms) =>
          new Promise<void>((resolve) => {
            wake = resolve;
            timer = setTimeout(resolve, ms);
          }),
        // The long-poll waits while it is held (PollEnv.hold): nothing on the screen needs it yet.
        hold: env.hold,
      });
      looping = false;
    };
    // What the phone kept from its last visit shows when the bridge fails or is slow to answer (or never does).
    const copyWanted = () => !stopped && data.peek() === null;
    let copyAsked = false;
    const showCopy = () => {
      if (!copy || copyAsked || !copyWanted()) return;
      copyAsked = true;
      void copy.load(copyWanted).then((kept) => {
        if (!kept || !copyWanted()) return;
        data.value = kept.value;
        env.kept?.(kept.at);
      });
    };
    const copyTimer = copy && copyWanted() ? setTimeout(showCopy, copyAfterMs) : undefined;
    const stopListening = onVisibility(() => {
      if (isVisible()) void loop();
      else inFlight?.abort(); // a held long-poll would keep telling the bridge a phone is looking
    });
    void loop();
    return () => {
      stopped = true;
      clearTimeout(copyTimer);
      inFlight?.abort();
      if (timer !== undefined) clearTimeout(timer);
      wake?.();
      stopListening();
    };
  }

  return { data, stale, readAt, start, refresh: async () => (await readOnce({ wait: false })) !== 'failed' };
}
