import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BRIDGE_MEMORY } from '../../wire/limits';
import { parseHello } from '../../wire/parse-hello';
import { parseSnapshot } from '../../wire/parse-snapshot';
import { isRecord, list } from '../../wire/read';
import { parseEntry, parsePaneMeta } from './disk-cache-records';
import { replayLog, type ReadBack } from './disk-cache-replay';
import type { SavedPane } from './pane-log';

export const CACHE_LOG = 'cache.jsonl';
/** The whole-file cache of earlier versions: read when there is no log yet, removed by the first save. */
export const LEGACY_CACHE = 'cache.json';

type Log = (line: string) => void;

/** The agent's cache as it was saved, cleaned, or null when there is none to read (said in the log, except a first start). */
export async function readCache(folder: string, name: string, log: Log): Promise<ReadBack | null> {
  const text = await readBounded(join(folder, CACHE_LOG), name, log);
  if (text !== undefined) return text === null ? null : fromLog(text, name, log);
  const legacy = await readBounded(join(folder, LEGACY_CACHE), name, log);
  return legacy ? fromLegacy(legacy, name, log) : null;
}

/** The file's text; undefined when there is no file, null when it is not read (and that is said). */
async function readBounded(file: string, name: string, log: Log): Promise<string | null | undefined> {
  try {
    const size = (await stat(file)).size;
    if (size > BRIDGE_MEMORY.cacheFileBytes) {
      // An older, bigger run's file: reading it would cost more than the budget it must fit in.
      log(`[bridge] ${name}: the cache is ${size} bytes, over the ${BRIDGE_MEMORY.cacheFileBytes} the bridge keeps; it is ignored and rewritten`);
      return null;
    }
    return await readFile(file, 'utf8');
  } catch (err) {
    // No file is the first start; any other failure is said, and the agent is read afresh.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    log(`[bridge] ${name}: could not read the cache: ${(err as Error).message}`);
    return null;
  }
}

function fromLog(text: string, name: string, log: Log): ReadBack | null {
  const read = replayLog(text);
  if (!read.header) {
    log(`[bridge] ${name}: the cache is not a cache log; it is ignored and rewritten`);
    return null;
  }
  const lost: string[] = [];
  if (read.torn) lost.push('a torn last line (a write cut short)');
  if (read.droppedRecords > 0) lost.push(`${read.droppedRecords} ${read.droppedRecords === 1 ? 'record' : 'records'} that did not read`);
  if (read.droppedEntries > 0) lost.push(`${read.droppedEntries} ${read.droppedEntries === 1 ? 'entry' : 'entries'} that did not read`);
  if (lost.length > 0) log(`[bridge] ${name}: the cache had ${lost.join(' and ')}; dropped, the rest is kept`);
  return read;
}

/** The old format, one JSON object: `{ hello, snapshot, panes: { <id>: SavedPane } }`. */
function fromLegacy(text: string, name: string, log: Log): ReadBack | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    log(`[bridge] ${name}: the cache is not JSON; it is ignored and rewritten`);
    return null;
  }
  if (!isRecord(raw)) return null;
  const hello = parseHello(raw.hello);
  const panes = new Map<string, SavedPane>();
  // Own keys only: a pane id such as `__proto__` must not read the object's prototype.
  for (const [id, saved] of Object.entries(isRecord(raw.panes) ? raw.panes : {})) {
    const meta = parsePaneMeta(saved);
    if (meta && isRecord(saved)) panes.set(id, { ...meta, entries: list(saved.entries, BRIDGE_MEMORY.paneEntries, parseEntry) });
  }
  return { hello: hello.ok ? hello.hello : undefined, snapshot: parseSnapshot(raw.snapshot), panes };
}
