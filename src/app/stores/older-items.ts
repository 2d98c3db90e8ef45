import { signal, type ReadonlySignal } from '@preact/signals';
import type { ChatEntry, HistoryJson } from '../../wire/bridge-json';
import { entryKey } from '../../wire/entry-key';
import { OLDER_KEEP } from './older-limits';

/** Rows added each time the reader reaches the top: one screenful many times over, cheap to draw. */
export const OLDER_REVEAL = 300;

/** Where loading older items stands: `start` means nothing older can be shown. */
export type OlderPhase = 'idle' | 'loading' | 'failed' | 'start';

export interface OlderItems {
  /** Older items shown above the live chat, oldest first. */
  entries: ReadonlySignal<ChatEntry[]>;
  phase: ReadonlySignal<OlderPhase>;
  /** The history said its beginning is gone: the trimmed line belongs above the oldest item. */
  trimmed: ReadonlySignal<boolean>;
  /** Forget everything: another chat shows, or the live chat no longer starts where it did. */
  reset(): void;
  /** The live chat's first entry now: a different start than the older items were found for resets them. */
  follow(live: readonly ChatEntry[]): void;
  /** Shows the next older items above `firstItemId`, walking the history when none are kept. */
  load(firstItemId: string | null, page: (after: string | null) => Promise<HistoryJson>): Promise<void>;
}

export function createOlderItems({ reveal = OLDER_REVEAL, keep = OLDER_KEEP } = {}): OlderItems {
  const entries = signal<ChatEntry[]>([]);
  const phase = signal<OlderPhase>('idle');
  const trimmed = signal(false);
  /** Walked but not shown yet, oldest first. */
  let kept: ChatEntry[] = [];
  /** `kept` holds all of the past: once it is shown, the start is reached. */
  let complete = false;
  /** The live chat's first entry now, and when the older items were found. */
  let liveFirst: string | null = null;
  let anchor: string | null = null;
  /** Bumped by reset, so a walk that ends after it leaves nothing behind. */
  let generation = 0;

  const reset = () => {
    generation += 1;
    entries.value = [];
    phase.value = 'idle';
    trimmed.value = false;
    kept = [];
    complete = false;
    anchor = null;
  };
  const showKept = () => {
    const cut = Math.max(0, kept.length - reveal);
    entries.value = [...kept.slice(cut), ...entries.peek()];
    kept = kept.slice(0, cut);
    phase.value = kept.length === 0 && complete ? 'start' : 'idle';
  };

  return {
    entries,
    phase,
    trimmed,
    reset,
    follow(live) {
      liveFirst = live[0] ? entryKey(live[0]) : null;
      if (anchor !== null && liveFirst !== anchor) reset();
    },
    async load(firstItemId, page) {
      if (phase.peek() === 'loading' || phase.peek() === 'start') return;
      if (kept.length > 0) return showKept();
      if (firstItemId === null) {
        phase.value = 'start';
        return;
      }
      const mine = generation;
      phase.value = 'loading';
      try {
        // The walk's code loads with the first reach for older items (only a chat on screen does that).
        const { walkToItem } = await import('./older-walk');
        const walk = await walkToItem(page, firstItemId, keep);
        if (mine !== generation) return;
        trimmed.value = walk.trimmed;
        if (!walk.found) {
          phase.value = 'start';
          return;
        }
        anchor ??= liveFirst;
        kept = walk.before;
        complete = walk.complete;
        showKept();
      } catch (err) {
        console.warn('older items could not be read', err);
        if (mine === generation) phase.value = 'failed';
      }
    },
  };
}
