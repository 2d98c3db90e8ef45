import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../../i18n';

const pad = (n: number) => String(n).padStart(2, '0');

/** "2:05 left", "1:02:05 left", or "Time is up"; null when the time cannot be read. */
export function timeLeftText(expiresAt: string, nowMs: number): string | null {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return null;
  // Round up, so the card never says "0:00 left" while time remains.
  const seconds = Math.ceil((end - nowMs) / 1000);
  if (seconds <= 0) return t('ask.timeUp');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const time = h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
  return t('ask.timeLeft', { time });
}

/** A live countdown to the ask's `expiresAt`, redrawn each second until the time is up. */
export function Countdown({ expiresAt, now }: { expiresAt: string; now: () => number }) {
  const current = useSignal(now());
  useEffect(() => {
    current.value = now();
    const end = Date.parse(expiresAt);
    const timer = setInterval(() => {
      current.value = now();
      // Nothing changes after the time is up: stop waking the phone.
      if (!(current.value < end)) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [expiresAt, now, current]);
  const text = timeLeftText(expiresAt, current.value);
  if (text === null) return null;
  // role="timer" is polite-off by default: a screen reader is not told every second.
  return (
    <p class="ask-countdown" role="timer">
      <time dateTime={expiresAt}>{text}</time>
    </p>
  );
}
