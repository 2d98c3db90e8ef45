import { isRecord } from '../../wire/read';
import type { Storage } from '../storage';

export const SEEN_KEY = 'collie.seen.v1';
/** Chats remembered at most: the ones seen longest ago are forgotten first (and then open at their newest). */
export const SEEN_MEMORY = 200;

type Kept = Record<string, { key: string; at: number }>;

/**
 * Where the person left off in each chat: the key (`entryKey`) of the newest entry they have
 * seen, kept on the phone, so a chat opens at what came since, under the unread divider.
 */
export interface SeenStore {
  lastSeen(agent: string, paneId: string): string | null;
  markSeen(agent: string, paneId: string, entryKey: string): void;
  /** Forgets every chat: the phone was unpaired. */
  clear(): void;
}

const chatKey = (agent: string, paneId: string) => JSON.stringify([agent, paneId]);

function parseKept(raw: unknown): Kept | null {
  if (!isRecord(raw)) return null;
  // fromEntries: every key an own property, whatever a hand-edited value names.
  return Object.fromEntries(
    Object.entries(raw).flatMap(([chat, value]) =>
      isRecord(value) && typeof value.key === 'string' && typeof value.at === 'number' ? [[chat, { key: value.key, at: value.at }] as const] : [],
    ),
  );
}

export function createSeenStore(storage: Storage, now: () => number = Date.now): SeenStore {
  let kept: Kept = storage.read(SEEN_KEY, parseKept) ?? {};
  return {
    lastSeen: (agent, paneId) => (Object.hasOwn(kept, chatKey(agent, paneId)) ? kept[chatKey(agent, paneId)]!.key : null),
    markSeen(agent, paneId, entryKey) {
      const chat = chatKey(agent, paneId);
      if (kept[chat]?.key === entryKey) return;
      const all = Object.entries({ ...kept, [chat]: { key: entryKey, at: now() } });
      kept = Object.fromEntries(all.sort(([, a], [, b]) => b.at - a.at).slice(0, SEEN_MEMORY));
      storage.write(SEEN_KEY, kept);
    },
    clear() {
      kept = {};
      storage.write(SEEN_KEY, kept);
    },
  };
}
