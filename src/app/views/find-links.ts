import { isSafeLinkUrl } from '../../wire/link';

/** A run of the text: plain words, or an address the phone may open (the wire's one link rule). */
export type TextPart = { text: string } | { text: string; href: string };

/** Where an address may start: a scheme at a word's start. What follows runs to the next space or bracket that cannot be in one. */
const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/giu;
/** Punctuation that ends a sentence rather than the address ("see https://x.org/a."). */
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', '…', "'", '"', '»', ')', ']', '}']);
const OPENER: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

const count = (text: string, char: string) => text.split(char).length - 1;

/** Drops trailing punctuation, keeping a closing bracket the address itself opened ("…/Foo_(bar)"). */
function trimEnd(candidate: string): string {
  let url = candidate;
  for (let last = url.at(-1); last !== undefined && TRAILING.has(last); last = url.at(-1)) {
    const opener = OPENER[last];
    if (opener && count(url, opener) >= count(url, last)) break;
    url = url.slice(0, -1);
  }
  return url;
}

/**
 * The person's own text cut into plain runs and the addresses in it, for a bubble that links
 * them. Only what `isSafeLinkUrl` allows becomes a link (https with a host, no user or password,
 * no invisible character); anything else, `http://` included, stays text as typed.
 */
export function findLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const url = trimEnd(match[0]);
    if (!isSafeLinkUrl(url)) continue;
    if (match.index > from) parts.push({ text: text.slice(from, match.index) });
    parts.push({ text: url, href: url });
    from = match.index + url.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}
