import { isRecord } from '../../wire/read';
import type { Storage } from '../storage';

export const DRAFTS_KEY = 'collie.drafts.v1';
/** Drafts kept at most, and for at most this long: a draft is for coming back soon, not an archive. */
export const DRAFT_MEMORY = 50;
export const DRAFT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * What the person typed and has not sent yet (the composer's text per conversation, a
 * half-filled text or form card per ask), kept on the phone only, so a reload loses nothing.
 * Each draft is cleared once it is sent.
 */
export interface DraftsStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  clear(key: string): void;
}

type Kept = Record<string, { value: unknown; at: number }>;

export function createDraftsStore(storage: Storage, now: () => number = Date.now): DraftsStore {
  const read = (): Kept => storage.read(DRAFTS_KEY, (raw) => (isRecord(raw) ? (raw as Kept) : null)) ?? {};
  const write = (kept: Kept) => {
    const fresh = Object.entries(kept)
      .filter(([, draft]) => isRecord(draft) && typeof draft.at === 'number' && now() - draft.at <= DRAFT_MS)
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, DRAFT_MEMORY);
    storage.write(DRAFTS_KEY, Object.fromEntries(fresh));
  };
  return {
    get(key) {
      const draft = read()[key];
      return draft && now() - draft.at <= DRAFT_MS ? draft.value : undefined;
    },
    set(key, value) {
      write({ ...read(), [key]: { value, at: now() } });
    },
    clear(key) {
      const kept = read();
      if (!(key in kept)) return;
      delete kept[key];
      write(kept);
    },
  };
}
