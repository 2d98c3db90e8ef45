import type { ChatEntry } from './bridge-json';
import { markdownWords } from './markdown-words';
import type { Item } from './types';

/**
 * What a search matches, on the bridge and on the phone alike: an entry's words (markdown as
 * the words it shows, a tool as its name, summary and output, an answered line as its question
 * and answer), the query's terms, and a line of context with the matched words marked.
 */

/** The most terms a query is read as, and the most characters of it. */
export const SEARCH_QUERY = { terms: 8, chars: 200 } as const;

function itemWords(item: Item): string {
  switch (item.kind) {
    case 'markdown':
      return markdownWords(item.text);
    case 'tool':
      return [item.name, item.summary, item.output].filter(Boolean).join(' ');
    case 'link':
      return [item.title, item.url].filter(Boolean).join(' ');
    default:
      return item.text;
  }
}

/** An entry's searchable words, white space folded to single spaces. */
export function entryWords(entry: ChatEntry): string {
  const raw =
    entry.type === 'item'
      ? itemWords(entry.item)
      : [entry.tool, entry.title, ...(entry.answered && 'labels' in entry.answered ? entry.answered.labels : [])].filter(Boolean).join(' ');
  return raw.replace(/\s+/g, ' ').trim();
}

/** The query's terms, lower-cased and distinct; none for a blank query. */
export function queryTerms(query: string): string[] {
  const terms = query.slice(0, SEARCH_QUERY.chars).toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(terms)].slice(0, SEARCH_QUERY.terms);
}

/** Where each term occurs in `text` (UTF-16 ranges, in order, not overlapping); null unless every term does. */
export function findTerms(text: string, terms: readonly string[]): [number, number][] | null {
  if (terms.length === 0) return null;
  const lower = text.toLowerCase();
  // Lower-casing keeps every length in the scripts a phone shows except a few (İ): then no marks.
  const sameLength = lower.length === text.length;
  const marks: [number, number][] = [];
  for (const term of terms) {
    let at = lower.indexOf(term);
    if (at < 0) return null;
    if (!sameLength) continue;
    for (; at >= 0; at = lower.indexOf(term, at + term.length)) marks.push([at, at + term.length]);
  }
  marks.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const mark of marks) {
    const last = merged[merged.length - 1];
    if (last && mark[0] <= last[1]) last[1] = Math.max(last[1], mark[1]);
    else merged.push([mark[0], mark[1]]);
  }
  return merged;
}

/** Characters of context a hit's line shows before its first mark, and in all. */
export const CONTEXT_CHARS = { before: 40, total: 160 } as const;

/** The line of context around the first mark, with the marks that fall inside it (ranges into the line). */
export function contextLine(text: string, marks: readonly [number, number][]): { text: string; marks: [number, number][] } {
  const first = marks[0]?.[0] ?? 0;
  let start = Math.max(0, first - CONTEXT_CHARS.before);
  // A cut line begins at a word where one begins before the match, and never inside a surrogate pair.
  if (start > 0 && text[start - 1] !== ' ') {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < first) start = space + 1;
  }
  if (isLowSurrogate(text.charCodeAt(start))) start += 1;
  let end = Math.min(text.length, start + CONTEXT_CHARS.total);
  if (isLowSurrogate(text.charCodeAt(end))) end -= 1;
  const lead = start > 0 ? '… ' : '';
  const tail = end < text.length ? ' …' : '';
  const inside = marks.filter(([a, b]) => a >= start && b <= end).map(([a, b]): [number, number] => [a - start + lead.length, b - start + lead.length]);
  return { text: `${lead}${text.slice(start, end)}${tail}`, marks: inside };
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
