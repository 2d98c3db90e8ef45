import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';

/** Relative times ("5 minutes ago") are redrawn this often. */
export const NOW_TICK_MS = 30_000;

/** The time now, moved on every tick while the screen is shown, so "now" becomes "1 minute ago". */
export function useNow(clock: () => number = Date.now): number {
  const now = useSignal(clock());
  useEffect(() => {
    const timer = setInterval(() => (now.value = clock()), NOW_TICK_MS);
    return () => clearInterval(timer);
  }, [now, clock]);
  return now.value;
}
