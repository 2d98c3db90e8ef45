import type { ChatEntry } from '../../wire/bridge-json';
import { isValidEpoch } from '../../wire/epoch-rule';
import { parseTurn } from '../../wire/parse-ask';
import { parseDecision } from '../../wire/parse-decision';
import { parseItem } from '../../wire/parse-item';
import { bool, count, isRecord } from '../../wire/read';
import type { Hello, Snapshot } from '../../wire/types';
import type { SavedPane } from './pane-log';

/**
 * The disk cache's log (`cache.jsonl`): one JSON record a line. A compaction writes the header,
 * then `hello`, `snapshot` and one `pane` per pane; each later save appends only what changed.
 * Entries are named by a number that never changes while the entry lives (`PaneLog.dropped` +
 * its index), so a record that is lost or dropped costs its own change and nothing after it.
 */
export type CacheRecord =
  | { k: 'collie-cache'; v: typeof CACHE_LOG_VERSION }
  | { k: 'hello'; hello: Hello }
  | { k: 'snapshot'; snapshot: Snapshot }
  /** A pane whole, its first entry named `from`: replaces anything read of that pane before. */
  | { k: 'pane'; id: string; from: number; meta: PaneMeta; entries: ChatEntry[] }
  | { k: 'meta'; id: string; meta: PaneMeta }
  /** Entries appended, the first named `at`. */
  | { k: 'add'; id: string; at: number; entries: ChatEntry[] }
  /** One entry changed in place. */
  | { k: 'put'; id: string; at: number; entry: ChatEntry }
  /** Entries cut from the front: the first left is named `from`. */
  | { k: 'trim'; id: string; from: number }
  | { k: 'gone'; id: string };

export const CACHE_LOG_VERSION = 1;

export type PaneMeta = Omit<SavedPane, 'entries'>;

/** One record as a line of the log. */
export const line = (record: CacheRecord): string => `${JSON.stringify(record)}\n`;

export const metaOf = (pane: PaneMeta): PaneMeta => ({ cursor: pane.cursor, epoch: pane.epoch, trimmed: pane.trimmed, turn: pane.turn });

/** A chat entry read back from disk through the wire's parsers and cleaner: the file is untrusted. */
export function parseEntry(raw: unknown): ChatEntry | null {
  if (!isRecord(raw)) return null;
  if (raw.type === 'item') {
    const item = parseItem(raw.item);
    return item ? { type: 'item', item } : null;
  }
  return parseDecision(raw);
}

/** A pane's cursor, epoch, trimmed mark and turn, or null when the cursor or epoch is wrong. */
export function parsePaneMeta(raw: unknown): PaneMeta | null {
  if (!isRecord(raw)) return null;
  const cursor = count(raw.cursor);
  if (cursor === undefined || !(raw.epoch === '' || isValidEpoch(raw.epoch))) return null;
  return { cursor, epoch: raw.epoch, trimmed: bool(raw.trimmed) ?? false, turn: raw.turn == null ? null : parseTurn(raw.turn) };
}
