import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';

/** The lists' times are redrawn this often: a day's change turns "6:17 PM" into "Yesterday" within this long. */
export const NOW_TICK_MS = 30_000;

/** The time now, moved on every tick while the screen is shown, so a row's time follows the day. */
export function useNow(clock: () => number = Date.now): number {
  const now = useSignal(clock());
  useEffect(() => {
    const timer = setInterval(() => (now.value = clock()), NOW_TICK_MS);
    return () => clearInterval(timer);
  }, [now, clock]);
  return now.value;
}
