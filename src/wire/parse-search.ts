import { cleanField } from './clean';
import { isValidId } from './ids';
import { bool, count, isRecord, list, str, time } from './read';
import { SEARCH_LIMITS, type SearchConversation, type SearchHit, type SearchJson, type SearchPlace } from './search-json';
import { CONTEXT_CHARS } from './search-text';

/** The most marks a line or a title carries. */
const MARKS = 32;
/** A hit's line: its context and the two ellipses it may carry. */
const LINE_CHARS = CONTEXT_CHARS.total + 4;

function marksIn(raw: unknown, text: string): [number, number][] {
  return list(raw, MARKS, (m) => {
    if (!Array.isArray(m) || m.length !== 2) return null;
    const [a, b] = [count(m[0]), count(m[1])];
    return a !== undefined && b !== undefined && a < b && b <= text.length ? [a, b] : null;
  });
}

function parseHit(raw: unknown): SearchHit | null {
  if (!isRecord(raw)) return null;
  const text = str(raw.text);
  if (text === undefined) return null;
  const line = cleanField.line(text.slice(0, LINE_CHARS)).text;
  const hit: SearchHit = { text: line, marks: line === text ? marksIn(raw.marks, line) : [] };
  if (isValidId(raw.entryId)) hit.entryId = raw.entryId;
  const at = time(raw.at);
  if (at) hit.at = at;
  return hit;
}

function parsePlace(raw: unknown): SearchPlace | null {
  if (!isRecord(raw)) return null;
  if (raw.open === true && isValidId(raw.paneId)) return { open: true, paneId: raw.paneId };
  if (raw.open === false && isValidId(raw.conversationId)) return { open: false, conversationId: raw.conversationId };
  return null;
}

function parseConversation(raw: unknown): SearchConversation | null {
  if (!isRecord(raw)) return null;
  const agent = str(raw.agent);
  const place = parsePlace(raw.place);
  const rawTitle = str(raw.title);
  if (!agent || !place || rawTitle === undefined) return null;
  const title = cleanField.title(rawTitle).text;
  const found: SearchConversation = {
    agent: cleanField.line(agent).text,
    place,
    title,
    titleMarks: title === rawTitle ? marksIn(raw.titleMarks, title) : [],
    hits: list(raw.hits, SEARCH_LIMITS.hitsPerConversation, parseHit),
    matched: count(raw.matched) ?? 0,
  };
  const machine = str(raw.machine);
  if (machine) found.machine = cleanField.label(machine).text;
  const at = time(raw.at);
  if (at) found.at = at;
  return found;
}

/** A bridge's search reply, read as untrusted (the lead reads its members' so): bounded, cleaned, bad rows dropped. */
export function parseSearch(raw: unknown): SearchJson | null {
  if (!isRecord(raw) || !Array.isArray(raw.conversations)) return null;
  return {
    query: cleanField.line(str(raw.query) ?? '').text,
    conversations: list(raw.conversations, SEARCH_LIMITS.conversations, parseConversation),
    unreached: list(raw.unreached, 64, (name) => (typeof name === 'string' ? cleanField.line(name).text : null)),
    more: bool(raw.more) ?? false,
  };
}
