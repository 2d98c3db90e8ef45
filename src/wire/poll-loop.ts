/**
 * The one long-poll loop of the phone's API, for whoever follows a bridge's view: the phone's
 * stores, and a crew's lead following a member. A read that answered is followed at once by a
 * long-poll (held by the bridge until the view changes); a bridge that fails, or a view that is
 * gone, is asked again after a pause that doubles while it stays so.
 */

/** How a read went: answered, not answered (or refused), or answered that the view is not there. */
export type PollOutcome = 'ok' | 'failed' | 'gone';

/** A pause that starts at `firstMs` and doubles, up to `maxMs`, while the same outcome repeats. */
export interface Backoff {
  firstMs: number;
  maxMs: number;
}

/** The pause after the `inRow`-th outcome of one kind in a row (from 1). */
export const backoffMs = (backoff: Backoff, inRow: number): number => Math.min(backoff.firstMs * 2 ** Math.max(0, inRow - 1), backoff.maxMs);

export interface PollLoop {
  /** One read; `wait`: a long-poll, held until the view changes from the version held. */
  read(wait: boolean): Promise<PollOutcome>;
  /** Whether a version is held (an ETag): only then may a read wait. */
  holdsVersion(): boolean;
  /** Checked before each read and after it: false ends the loop. */
  running(): boolean;
  failed: Backoff;
  gone: Backoff;
  /** Waits `ms`, or less when the loop is stopped. */
  pause(ms: number): Promise<void>;
  /** While this returns a promise, a long-poll waits for it (something more urgent goes first). */
  hold?: () => Promise<void> | null;
}

export async function pollLoop(loop: PollLoop): Promise<void> {
  let last: PollOutcome = 'ok';
  let inRow = 0;
  while (loop.running()) {
    const held = loop.holdsVersion() && loop.hold?.();
    if (held) {
      await held;
      if (!loop.running()) break;
    }
    // After a failure the next read is answered at once, so a recovery shows at once too.
    const outcome = await loop.read(loop.holdsVersion() && last === 'ok');
    inRow = outcome === last ? inRow + 1 : 1;
    last = outcome;
    if (!loop.running()) break;
    if (outcome !== 'ok') await loop.pause(backoffMs(outcome === 'failed' ? loop.failed : loop.gone, inRow));
  }
}
