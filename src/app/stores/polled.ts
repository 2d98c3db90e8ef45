import { signal, type ReadonlySignal } from '@preact/signals';
import type { Fetched } from '../bridge-client';

/** How often an open screen asks the bridge again while the page is visible. */
export const PHONE_POLL_MS = 1000;

export type Connection = 'connecting' | 'live' | 'bridge-unreachable';

export interface Polled<T> {
  data: ReadonlySignal<T | null>;
  connection: ReadonlySignal<Connection>;
  /** Starts polling while the page is visible; returns the cleanup. */
  start(): () => void;
  refresh(): Promise<void>;
}

export interface PollEnv {
  intervalMs?: number;
  /** Defaults to the page's own visibility. */
  isVisible?: () => boolean;
  onVisibility?: (listener: () => void) => () => void;
}

/**
 * One bridge resource kept fresh: asks with its ETag, keeps the last good data when the bridge
 * stops answering, and polls only while the page is visible.
 */
export function polled<T>(read: (etag: string | null) => Promise<Fetched<T>>, env: PollEnv = {}): Polled<T> {
  const data = signal<T | null>(null);
  const connection = signal<Connection>('connecting');
  const interval = env.intervalMs ?? PHONE_POLL_MS;
  const isVisible = env.isVisible ?? (() => typeof document === 'undefined' || document.visibilityState === 'visible');
  const onVisibility =
    env.onVisibility ??
    ((listener: () => void) => {
      if (typeof document === 'undefined') return () => {};
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    });
  let etag: string | null = null;
  let inFlight: Promise<void> | null = null;

  async function refresh(): Promise<void> {
    if (inFlight) return inFlight;
    inFlight = (async () => {
      try {
        const result = await read(etag);
        if (result.changed) {
          etag = result.etag;
          data.value = result.data;
        }
        connection.value = 'live';
      } catch {
        connection.value = 'bridge-unreachable'; // the last data stays on screen, marked
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  }

  function start(): () => void {
    let stopped = false;
    let looping = false;
    let wake: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const pause = () =>
      new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, interval);
      });
    // One loop at a time: it runs while the page is visible and ends when it is hidden.
    const loop = async () => {
      if (looping) return;
      looping = true;
      while (!stopped && isVisible()) {
        await refresh();
        if (stopped || !isVisible()) break;
        await pause();
      }
      looping = false;
    };
    const stopListening = onVisibility(() => void loop());
    void loop();
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      wake?.();
      stopListening();
    };
  }

  return { data, connection, start, refresh };
}
