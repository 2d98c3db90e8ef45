import type { ChatEntry } from '../../wire/bridge-json';
import { entryKey as keyOf } from '../../wire/entry-key';

const fingerprints = new WeakMap<ChatEntry, string>();
const fingerprint = (entry: ChatEntry) => {
  let print = fingerprints.get(entry);
  if (print === undefined) {
    print = JSON.stringify(entry);
    fingerprints.set(entry, print);
  }
  return print;
};

/**
 * The new list of entries, with every entry that did not change replaced by the object the
 * screen already drew, so the chat redraws only what changed. Returns `previous` itself when
 * nothing changed at all.
 */
export function reuseUnchanged(previous: readonly ChatEntry[], next: readonly ChatEntry[]): ChatEntry[] {
  const known = new Map(previous.map((entry) => [keyOf(entry), entry]));
  let same = previous.length === next.length;
  const merged = next.map((entry, index) => {
    const old = known.get(keyOf(entry));
    const kept = old && fingerprint(old) === fingerprint(entry) ? old : entry;
    if (kept !== previous[index]) same = false;
    return kept;
  });
  return same ? (previous as ChatEntry[]) : merged;
}
