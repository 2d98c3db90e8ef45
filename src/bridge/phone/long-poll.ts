import { createHash } from 'node:crypto';
import { rememberBounded } from '../../wire/bounded-map';
import { LONG_POLL_MS } from '../http/long-poll-ms';
import type { Versioned, Watchable } from '../http/versioned';

/** How long the bridge holds a phone's read when nothing has changed yet (on the HTTP floor: the crew waits on it too). */
export { LONG_POLL_MS };

/** Live views whose last rendering is kept for the readers that wait on them. */
const KEPT_RENDERS = 256;

export function etagOf(text: string): string {
  return `"${createHash('sha1').update(text).digest('base64url')}"`;
}

/** A view's JSON text and its ETag, computed together once. */
export interface Rendered {
  text: string;
  etag: string;
}

export function rendered(text: string): Rendered {
  return { text, etag: etagOf(text) };
}

/**
 * One rendering per view per change, whatever the number of phones waiting on it: the text and
 * tag are kept under the view's key with the versions of its sources, and made again only when
 * one of those moved. A view that fails to render (a pane that closed) is not kept. `kept` hears
 * each new rendering with the value it was made from, at once, before that value can move on.
 */
export class ViewRenders {
  /** How many times a view was actually rendered (the benchmark and tests read it). */
  count = 0;
  private readonly kept = new Map<string, { stamp: string; view: Rendered }>();

  render(key: string, sources: readonly Versioned[], make: () => unknown, kept?: (value: unknown, view: Rendered) => void): Rendered {
    const stamp = sources.map((s) => s.version).join(',');
    const hit = this.kept.get(key);
    if (hit && hit.stamp === stamp) return hit.view;
    const value = make();
    const view = rendered(JSON.stringify(value));
    this.count += 1;
    kept?.(value, view);
    rememberBounded(this.kept, key, { stamp, view }, KEPT_RENDERS);
    return view;
  }
}

/**
 * Resolves with the view's JSON text once its tag differs from the one the phone holds, or with
 * null when `LONG_POLL_MS` passes or the phone goes away first. A change elsewhere that leaves
 * this view as it was keeps waiting.
 */
export function waitForChange(sources: Watchable[], current: () => Rendered, heldTag: string, gone: AbortSignal, holdMs = LONG_POLL_MS): Promise<string | null> {
  return new Promise((resolve) => {
    const stops: (() => void)[] = [];
    const finish = (text: string | null) => {
      for (const stop of stops) stop();
      clearTimeout(timer);
      gone.removeEventListener('abort', onGone);
      resolve(text);
    };
    const onGone = () => finish(null);
    const check = () => {
      const view = current();
      if (view.etag !== heldTag) finish(view.text);
    };
    const timer = setTimeout(() => finish(null), holdMs);
    for (const source of sources) stops.push(source.onChange(check));
    gone.addEventListener('abort', onGone);
    if (gone.aborted) return finish(null);
    check(); // it may have changed between the phone's last read and now
  });
}
