import type { ChatEntry } from '../../wire/bridge-json';
import { isValidId } from '../../wire/ids';
import { BRIDGE_MEMORY } from '../../wire/limits';
import { parseHello } from '../../wire/parse-hello';
import { parseSnapshot } from '../../wire/parse-snapshot';
import { count, isRecord, type Rec } from '../../wire/read';
import type { Hello, Snapshot } from '../../wire/types';
import { CACHE_LOG_VERSION, parseEntry, parsePaneMeta, type PaneMeta } from './disk-cache-records';
import type { SavedPane } from './pane-log';

/** What a cache file gives back, cleaned, before it goes into the store. */
export interface ReadBack {
  hello: Hello | undefined;
  snapshot: Snapshot | null;
  panes: Map<string, SavedPane>;
}

export interface Replayed extends ReadBack {
  /** Whether the first line is the log's header at all: without it nothing else is read. */
  header: boolean;
  /** Lines that do not read (not JSON, or refused by the parsers), each dropped whole. */
  droppedRecords: number;
  /** Entries refused inside records that were otherwise kept. */
  droppedEntries: number;
  /** A last line without its newline: a write cut short by a crash. */
  torn: boolean;
}

interface PaneState {
  meta: PaneMeta;
  /** Entries named below this were trimmed; they are filtered out only at the end, so a trim costs nothing. */
  start: number;
  entries: Map<number, ChatEntry>;
}

/**
 * Reads a cache log back (see `disk-cache-records.ts`). Every line is untrusted: it must be JSON
 * and pass the wire's parsers, or it is dropped alone. Panes are kept in a Map, so an id such as
 * `__proto__` is only a name; entries in a Map by their name, so a hostile name costs no memory
 * beyond the file's own bytes.
 */
export function replayLog(text: string): Replayed {
  const lines = text.split('\n');
  const last = lines.pop();
  const out: Replayed = { hello: undefined, snapshot: null, panes: new Map(), header: false, droppedRecords: 0, droppedEntries: 0, torn: last !== '' };
  const header = readJson(lines[0] ?? '');
  if (!isRecord(header) || header.k !== 'collie-cache' || header.v !== CACHE_LOG_VERSION) return out;
  out.header = true;
  const panes = new Map<string, PaneState>();
  for (let i = 1; i < lines.length; i += 1) {
    const raw = readJson(lines[i]!);
    if (!isRecord(raw) || !applyRecord(out, panes, raw)) out.droppedRecords += 1;
  }
  for (const [id, pane] of panes) {
    const names = [...pane.entries.keys()].filter((name) => name >= pane.start).sort((a, b) => a - b);
    const entries = names.slice(-BRIDGE_MEMORY.paneEntries).map((name) => pane.entries.get(name)!);
    out.panes.set(id, { ...pane.meta, entries });
  }
  return out;
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Applies one record; false when it does not read, and then nothing of it was applied. */
function applyRecord(out: Replayed, panes: Map<string, PaneState>, raw: Rec): boolean {
  if (raw.k === 'hello') {
    const hello = parseHello(raw.hello);
    if (hello.ok) out.hello = hello.hello;
    return hello.ok;
  }
  if (raw.k === 'snapshot') {
    const snapshot = parseSnapshot(raw.snapshot);
    if (snapshot) out.snapshot = snapshot;
    return snapshot !== null;
  }
  if (!isValidId(raw.id)) return false;
  const id = raw.id;
  if (raw.k === 'gone') {
    panes.delete(id);
    return true;
  }
  if (raw.k === 'pane') {
    const from = count(raw.from);
    const meta = parsePaneMeta(raw.meta);
    if (from === undefined || !meta || !Array.isArray(raw.entries)) return false;
    const pane: PaneState = { meta, start: from, entries: new Map() };
    putEntries(out, pane, from, raw.entries);
    panes.set(id, pane);
    return true;
  }
  // The rest change a pane that an earlier record wrote whole.
  const pane = panes.get(id);
  if (!pane) return false;
  switch (raw.k) {
    case 'meta': {
      const meta = parsePaneMeta(raw.meta);
      if (meta) pane.meta = meta;
      return meta !== null;
    }
    case 'add': {
      const at = count(raw.at);
      if (at === undefined || !Array.isArray(raw.entries)) return false;
      putEntries(out, pane, at, raw.entries);
      return true;
    }
    case 'put': {
      const at = count(raw.at);
      const entry = parseEntry(raw.entry);
      if (at === undefined || !entry) return false;
      if (at >= pane.start) pane.entries.set(at, entry);
      return true;
    }
    case 'trim': {
      const from = count(raw.from);
      if (from === undefined) return false;
      pane.start = Math.max(pane.start, from);
      return true;
    }
    default:
      return false;
  }
}

function putEntries(out: Replayed, pane: PaneState, at: number, raw: unknown[]): void {
  raw.forEach((rawEntry, i) => {
    const entry = parseEntry(rawEntry);
    if (entry) pane.entries.set(at + i, entry);
    else out.droppedEntries += 1;
  });
}
