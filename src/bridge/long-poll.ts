import { createHash } from 'node:crypto';

/** How long the bridge holds a phone's read when nothing has changed yet. */
export const LONG_POLL_MS = 20000;

export function etagOf(text: string): string {
  return `"${createHash('sha1').update(text).digest('base64url')}"`;
}

export interface Watchable {
  onChange(listener: () => void): () => void;
}

/**
 * Resolves with the view's JSON text once it differs from the tag the phone holds, or with null
 * when `LONG_POLL_MS` passes or the phone goes away first. A change elsewhere that leaves this
 * view as it was keeps waiting.
 */
export function waitForChange(
  sources: Watchable[],
  render: () => string,
  heldTag: string,
  gone: AbortSignal,
  holdMs = LONG_POLL_MS,
): Promise<string | null> {
  return new Promise((resolve) => {
    const stops: (() => void)[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (text: string | null) => {
      for (const stop of stops) stop();
      if (timer) clearTimeout(timer);
      gone.removeEventListener('abort', onGone);
      resolve(text);
    };
    const onGone = () => finish(null);
    const check = () => {
      const text = render();
      if (etagOf(text) !== heldTag) finish(text);
    };
    for (const source of sources) stops.push(source.onChange(check));
    timer = setTimeout(() => finish(null), holdMs);
    gone.addEventListener('abort', onGone);
    check(); // it may have changed between the phone's last read and now
  });
}
