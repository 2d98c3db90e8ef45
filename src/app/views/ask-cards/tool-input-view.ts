import { showToolInput } from '../../../wire/allow-always';
import { COMMAND_KEYS, fieldWords, PATH_KEYS } from '../../../wire/tool-summary';

/** One part of a tool's input as a permission card draws it. */
export type InputPart =
  | { kind: 'command'; text: string }
  | { kind: 'path'; text: string }
  | { kind: 'diff'; text: string }
  /** A file's new content (a write), or any long text field: shown as it will be written. */
  | { kind: 'content'; label: string; text: string }
  | { kind: 'field'; label: string; text: string };

/** How much of each text a card shows when the input is too long to show whole (it then offers no Allow always). */
export const PREVIEW_CHARS = 400;

const CONTENT_KEYS = ['content', 'text', 'new_content'];

const isString = (value: unknown): value is string => typeof value === 'string';
const isEdit = (value: unknown): value is { oldText?: unknown; newText?: unknown; path?: unknown } => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The replacements as lines: every old line removed, every new line added; `⋯` between two replacements. */
function replacementLines(edits: { oldText: string; newText: string }[]): string {
  return edits.map(({ oldText, newText }) => [...(oldText ? oldText.split('\n').map((l) => `-${l}`) : []), ...newText.split('\n').map((l) => `+${l}`)].join('\n')).join('\n⋯\n');
}

/** The replacements an edit input names: Pi's `edits`, or one `oldText`/`newText` (or `old_string`/`new_string`) pair. */
function editsOf(input: Record<string, unknown>): { oldText: string; newText: string }[] | null {
  if (Array.isArray(input.edits) && input.edits.length > 0 && input.edits.every((e) => isEdit(e) && isString(e.oldText) && isString(e.newText)))
    return (input.edits as { oldText: string; newText: string }[]).map(({ oldText, newText }) => ({ oldText, newText }));
  const oldText = input.oldText ?? input.old_string;
  const newText = input.newText ?? input.new_string;
  return isString(oldText) && isString(newText) ? [{ oldText, newText }] : null;
}

/**
 * A tool's input as a person reads it on its card, never raw JSON: a command as code, a path as
 * a path, an edit as a diff, a write's content as the text it writes, any other field by name.
 * Everything is shown whole when the input fits the card (the wire's rule, `showToolInput`);
 * otherwise each text is cut to a preview, and the card offers no Allow always.
 */
export function toolInputView(input: unknown): InputPart[] {
  const { text, whole } = showToolInput(input);
  if (text === null) return [];
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return [{ kind: 'field', label: '', text }];
  const cut = (value: string) => (whole || value.length <= PREVIEW_CHARS ? value : `${value.slice(0, PREVIEW_CHARS)}…`);
  const fields = input as Record<string, unknown>;
  const parts: InputPart[] = [];
  const used = new Set<string>();
  const take = (key: string) => (used.add(key), fields[key]);
  for (const key of COMMAND_KEYS) {
    const command = fieldWords(fields[key]);
    if (command !== undefined) parts.push({ kind: 'command', text: cut((take(key), command)) });
  }
  for (const key of PATH_KEYS) {
    const value = fields[key];
    if (fieldWords(value) === undefined) continue;
    take(key);
    for (const one of Array.isArray(value) ? (value as string[]) : [value as string]) parts.push({ kind: 'path', text: cut(one) });
  }
  const edits = editsOf(fields);
  if (edits) {
    for (const key of ['edits', 'oldText', 'newText', 'old_string', 'new_string']) used.add(key);
    parts.push({ kind: 'diff', text: cut(replacementLines(edits)) });
  }
  // An ACP agent's card: each file it would write, with its new text.
  if (Array.isArray(fields.changes) && fields.changes.every((c) => isEdit(c) && isString(c.path) && isString(c.newText))) {
    used.add('changes');
    for (const change of fields.changes as { path: string; newText: string }[]) {
      parts.push({ kind: 'path', text: cut(change.path) });
      parts.push({ kind: 'content', label: 'content', text: cut(change.newText) });
    }
  }
  // The tool's own input, nested (an ACP agent's card names it `input`): its parts, as if it were the input.
  if (isEdit(fields.input)) parts.push(...toolInputView(take('input')));
  for (const key of CONTENT_KEYS) if (isString(fields[key])) parts.push({ kind: 'content', label: key, text: cut(String(take(key))) });
  for (const [key, value] of Object.entries(fields)) {
    if (used.has(key) || value === undefined) continue;
    parts.push({ kind: 'field', label: key, text: cut(isString(value) ? value : (JSON.stringify(value) ?? '')) });
  }
  return parts;
}
