import { clean } from '../../wire/clean';
import type { PhoneAsk } from '../../wire/bridge-json';
import { isRecord } from '../../wire/read';
import type { Answer, FormField } from '../../wire/types';
import { PREVIEW_CHARS } from './acts-store';

/** How much of typed text the chat shows back (and the phone keeps): as much as of a message sent. */
export const ANSWER_SHOWN_CHARS = PREVIEW_CHARS;

/** A form field's value as shown back: typed text (shortened), a toggle, the options taken, or hidden. */
export type GivenValue = { text: string } | { on: boolean } | { labels: string[] } | { secret: true };

export interface GivenField {
  label: string;
  value: GivenValue;
}

/**
 * What this phone answered to one ask, as its chat line shows it back: the question as its card
 * headed it, and the answer shortened, a secret-looking field's value never kept at all. The
 * bridge never sees typed text (its line says only that a text was sent): this is the phone's own.
 */
export interface GivenAnswer {
  /** When it was answered (ms since the epoch): the oldest are forgotten first. */
  at: number;
  /** A permission card is headed by its tool, never by the model's title (permission-text.ts). */
  question: { title: string } | { tool: string | null };
  answer: { labels: string[] } | { text: string } | { fields: GivenField[] };
}

/** Typed text as one line, shortened at a whole character with an ellipsis. */
export function shortAnswer(text: string): string {
  return clean(text.replace(/\s+/gu, ' ').trim(), { maxChars: ANSWER_SHOWN_CHARS });
}

/** Latin words that name a secret, whole or as a word's end (apiKey, sshkey, accessToken, dbPassword). */
const SECRET_WORDS = ['password', 'passwd', 'pwd', 'passphrase', 'passcode', 'secret', 'token', 'key', 'pin', 'otp', 'cvv', 'cvc', 'credential', 'credentials'];
const SECRET_ENDINGS = ['password', 'passwd', 'secret', 'token', 'key'];
/** The same in the app's other languages, found anywhere in a label (their words do not split on case). */
const SECRET_PARTS = ['парол', 'токен', 'ключ', 'секрет', 'пин-код', 'пин код', '密码', '口令', '密钥', '令牌', '验证码'];

/** A field's name split into lower-case words: `apiKey`, `api_key`, `API key` and `api-key` all give api, key. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Whether a field looks like it holds a secret, by its id or its label: then its value is never
 * kept or shown back. It leans to hiding: a "monkey" field is hidden too (a "keyboard" one is not).
 */
export function looksSecret(field: Pick<FormField, 'id' | 'label'>): boolean {
  const names = [field.id, field.label];
  if (names.some((name) => SECRET_PARTS.some((part) => name.toLowerCase().includes(part)))) return true;
  return names.flatMap(words).some((word) => SECRET_WORDS.includes(word) || SECRET_ENDINGS.some((end) => word.endsWith(end)));
}

function fieldValue(field: FormField, raw: string | boolean | string[] | undefined): GivenValue | null {
  if (raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0)) return null; // left empty: nothing to show
  if (typeof raw === 'boolean') return { on: raw };
  if (Array.isArray(raw)) return { labels: raw.map((id) => field.options?.find((o) => o.id === id)?.label ?? id) };
  // Only typed text can hold a secret; toggles and options are the agent's own words.
  return looksSecret(field) ? { secret: true } : { text: shortAnswer(raw) };
}

/** What the chat shows back of `answer` to `ask`, at `at`. */
export function givenAnswer(ask: PhoneAsk, answer: Answer, at: number): GivenAnswer {
  const question = ask.kind === 'permission' ? { tool: ask.tool?.name ?? null } : { title: ask.title };
  if ('optionIds' in answer) {
    const options: readonly { id: string; label: string }[] = ask.kind === 'permission' || ask.kind === 'choice' ? ask.options : [];
    return { at, question, answer: { labels: answer.optionIds.map((id) => options.find((o) => o.id === id)?.label ?? id) } };
  }
  if ('text' in answer) return { at, question, answer: { text: shortAnswer(answer.text) } };
  const fields: GivenField[] = [];
  for (const field of ask.kind === 'form' ? ask.fields : []) {
    const value = fieldValue(field, answer.values[field.id]);
    if (value) fields.push({ label: field.label, value });
  }
  return { at, question, answer: { fields } };
}

const strings = (value: unknown): value is string[] => Array.isArray(value) && value.every((s) => typeof s === 'string');

function parseValue(raw: unknown): GivenValue | null {
  if (!isRecord(raw)) return null;
  if (typeof raw.text === 'string') return { text: raw.text };
  if (typeof raw.on === 'boolean') return { on: raw.on };
  if (strings(raw.labels)) return { labels: raw.labels };
  return raw.secret === true ? { secret: true } : null;
}

/** A record read back from the phone's storage (a hand-edited value reads as nothing). */
export function parseGivenAnswer(raw: unknown): GivenAnswer | null {
  if (!isRecord(raw) || typeof raw.at !== 'number' || !isRecord(raw.question) || !isRecord(raw.answer)) return null;
  const { question: q, answer: a } = raw;
  const question = typeof q.title === 'string' ? { title: q.title } : q.tool === null || typeof q.tool === 'string' ? { tool: q.tool } : null;
  if (!question) return null;
  if (strings(a.labels)) return { at: raw.at, question, answer: { labels: a.labels } };
  if (typeof a.text === 'string') return { at: raw.at, question, answer: { text: a.text } };
  if (!Array.isArray(a.fields)) return null;
  const fields: GivenField[] = [];
  for (const f of a.fields) {
    const value = isRecord(f) && typeof f.label === 'string' ? parseValue(f.value) : null;
    if (!value || !isRecord(f) || typeof f.label !== 'string') return null;
    fields.push({ label: f.label, value });
  }
  return { at: raw.at, question, answer: { fields } };
}
