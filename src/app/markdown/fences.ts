import { isDiffLanguage } from './parse-diff';

/** A fence's language (or a code item's): the first word of its info string, in lower case. */
export const languageOf = (info: string | undefined): string => (info ?? '').trim().split(/\s/, 1)[0]!.toLowerCase();

/**
 * A fence that opens code and names its language: at a line's start, after any blockquote and
 * list markers (a closing fence names none). A long chat asks this of every row it draws, so it
 * is one scan rather than a lexing: a fence-like line inside other code can only load the
 * highlighter for nothing, never leave real code uncoloured.
 */
const OPENING_FENCE = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*(?:`{3,}|~{3,})[ \t]*([^\s`]+)/gm;

/** True when the markdown has fenced code naming a language other than a diff's: the chat then asks for it coloured. */
export function wantsHighlighter(text: string): boolean {
  if (!text.includes('```') && !text.includes('~~~')) return false;
  for (const [, info] of text.matchAll(OPENING_FENCE)) {
    const language = languageOf(info);
    if (language && !isDiffLanguage(language)) return true;
  }
  return false;
}
