import { createHash } from 'node:crypto';
import type { ChatDelta, ChatEntry, ChatJson, HeldRun } from '../../wire/bridge-json';

/** What the bridge remembers of one version of a chat, to tell a later one's changes from it. */
export interface ChatVersion {
  etag: string;
  /** The agent epoch it was read in: a phone from another epoch is sent the whole view. */
  epoch: string;
  /** Each entry's fingerprint, in order. */
  prints: string[];
  /** The JSON of each field besides the entries. */
  fields: Record<string, string>;
}

const prints = new WeakMap<ChatEntry, string>();

/**
 * An entry's fingerprint, a hash of its JSON, made once per entry object: the pane log never
 * changes an entry in place (its byte accounting counts each entry once, as it is pushed), it
 * puts a new object, so an object's JSON is the same for as long as it lives.
 */
export function printOf(entry: ChatEntry): string {
  let print = prints.get(entry);
  if (print === undefined) {
    print = createHash('sha1').update(JSON.stringify(entry)).digest('base64url');
    prints.set(entry, print);
  }
  return print;
}

export function versionOf(etag: string, epoch: string, chat: ChatJson): ChatVersion {
  const { entries, ...rest } = chat;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(rest)) fields[name] = JSON.stringify(value);
  return { etag, epoch, prints: entries.map(printOf), fields };
}

/**
 * What changed from `held` to `now`, whose view is `chat`: the entries as runs of held ones
 * (an entry whose fingerprint the held list has, at the position it had there) and whole new
 * or changed ones, in the order `chat` has them; and each other field whose JSON changed.
 */
export function diffChat(held: ChatVersion, now: ChatVersion, chat: ChatJson): ChatDelta {
  const heldAt = new Map<string, number>();
  held.prints.forEach((print, index) => {
    if (!heldAt.has(print)) heldAt.set(print, index);
  });
  const entries: ChatDelta['entries'] = [];
  let run: HeldRun | null = null;
  for (let index = 0; index < now.prints.length; index += 1) {
    const at = heldAt.get(now.prints[index]!);
    if (at === undefined) {
      entries.push(chat.entries[index]!);
      run = null;
    } else if (run && run[0] + run[1] === at) {
      run[1] += 1;
    } else {
      run = [at, 1];
      entries.push(run);
    }
  }
  const delta: ChatDelta = { from: held.etag, held: held.prints.length, entries };
  for (const [name, json] of Object.entries(now.fields)) {
    if (held.fields[name] !== json) Object.assign(delta, { [name]: chat[name as keyof ChatJson] });
  }
  return delta;
}
