/**
 * Markdown read as the words it shows, for what searches and lists read of a reply (never for
 * drawing it: the phone draws markdown through its own renderer).
 */

/** Markdown's marks that are not words: headings, quotes, list bullets, emphasis, table rules, fences, link targets. */
const MARKS: [RegExp, string][] = [
  [/^```.*$/gm, ' '],
  [/!?\[([^\]]*)\]\([^)]*\)/g, '$1'],
  [/^\s{0,3}(?:#{1,6}|>+|[-*+]|\d+[.)])\s+/gm, ''],
  [/^\s*\|?(?:\s*:?-+:?\s*\|)+\s*(?::?-+:?)?\s*$/gm, ' '],
  [/\|/g, ' '],
  // Emphasis and code marks go without a trace (`users`: reads "users:"); `_` stays, for snake_case's sake.
  [/[*~`]+/g, ''],
];

export function markdownWords(text: string): string {
  let words = text;
  for (const [mark, by] of MARKS) words = words.replace(mark, by);
  return words;
}

/** The blocks a list's preview names instead of showing them. */
export const PREVIEW_BLOCKS = ['table', 'code', 'diff'] as const;
export type PreviewBlock = (typeof PREVIEW_BLOCKS)[number];

const FENCE = /^```[ \t]*([\w+-]*)[^\n]*\n[\s\S]*?(?:^```[ \t]*$|(?![\s\S]))/gm;
const TABLE = /(?:^[ \t]*\|?.*\|.*\n)[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*(?::?-+:?)?[ \t]*(?:\n[ \t]*\|?.*\|.*)*/gm;

const blank = (block: string) => block.replace(/[^\n]/g, ' ');

/**
 * A reply's gist for a list's one line: its prose as words, and the blocks it holds named (a code
 * block, a diff, a table) in the order they come, each once, for the phone to word.
 */
export function markdownGist(text: string): { words: string; blocks: PreviewBlock[] } {
  const found: { at: number; block: PreviewBlock }[] = [];
  const prose = text
    // A block becomes blanks of its own length, so the places of what follows stay as they were.
    .replace(FENCE, (block: string, language: string, at: number) => (found.push({ at, block: language.toLowerCase() === 'diff' ? 'diff' : 'code' }), blank(block)))
    .replace(TABLE, (block: string, at: number) => (found.push({ at, block: 'table' }), blank(block)));
  const blocks = [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.block))];
  return { words: markdownWords(prose).replace(/\s+/g, ' ').trim(), blocks };
}
