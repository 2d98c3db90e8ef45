import { cleanText } from '../../wire/clean';
import type { ChatEntry, RowPreview } from '../../wire/bridge-json';
import { markdownGist } from '../../wire/markdown-words';
import type { Item } from '../../wire/types';

/** A row's preview is one line of at most this many bytes (the list shows one line anyway). */
export const PREVIEW_BYTES = 160;

/** One line: runs of white space (new lines, tabs) become one space, then the cut at a whole character. */
function oneLine(text: string): string {
  return cleanText(text.replace(/\s+/gu, ' ').trim(), { maxBytes: PREVIEW_BYTES }).text;
}

function textOf(item: Item): string {
  switch (item.kind) {
    case 'tool':
      return item.name;
    case 'link':
      return item.title ?? item.url;
    case 'code':
      return item.text.split('\n').find((line) => line.trim() !== '') ?? '';
    default:
      return item.text;
  }
}

/**
 * The newest item of a conversation, for its row in the list: its kind, so the phone words a
 * tool or a link itself, and one line of its already cleaned text (a reply's markdown as its
 * words, its blocks named for the phone to word). Decision lines are the
 * bridge's own words, not the conversation's: they are passed over.
 */
export function rowPreview(entries: readonly ChatEntry[]): RowPreview | undefined {
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i]!;
    if (entry.type !== 'item') continue;
    const { item } = entry;
    if (item.kind !== 'markdown') return { kind: item.kind, text: oneLine(textOf(item)), at: item.at };
    const gist = markdownGist(item.text);
    return { kind: item.kind, text: oneLine(gist.words), ...(gist.blocks.length > 0 ? { blocks: gist.blocks } : {}), at: item.at };
  }
  return undefined;
}
