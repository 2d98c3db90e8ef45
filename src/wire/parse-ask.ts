import { cleanField, cleanText } from './clean';
import { isValidId } from './ids';
import { LIMITS } from './limits';
import { bool, count, isRecord, list, oneOf, str, time } from './read';
import { FORM_FIELD_TYPES, PERMISSION_EFFECTS, TURN_STATES, type Ask, type FormField, type Option, type PermissionOption, type Turn } from './types';

const MAX_INPUT_DEPTH = LIMITS.toolInputDepth;
const MAX_INPUT_ENTRIES = LIMITS.toolInputEntries;

/** An option with a valid id and a label that is not empty after cleaning; `onChange` hears a label the cleaning changed. */
export function parseOption(raw: unknown, onChange: () => void = () => {}): Option | null {
  if (!isRecord(raw) || !isValidId(raw.id)) return null;
  const label = cleanField.label(str(raw.label) ?? '');
  if (label.text === '') return null;
  if (label.changed) onChange();
  return { id: raw.id, label: label.text };
}

function parsePermissionOption(raw: unknown, onChange: () => void): PermissionOption | null {
  const option = parseOption(raw, onChange);
  const effect = isRecord(raw) ? oneOf(raw.effect, PERMISSION_EFFECTS) : undefined;
  return option && effect ? { ...option, effect } : null;
}

function parseField(raw: unknown): FormField | null {
  if (!isRecord(raw) || !isValidId(raw.id)) return null;
  const type = oneOf(raw.type, FORM_FIELD_TYPES);
  if (!type) return null;
  // A field left empty after cleaning is named by its id.
  const label = cleanField.label(str(raw.label) ?? '').text || raw.id;
  const field: FormField = { id: raw.id, label, type, required: bool(raw.required) ?? false };
  if (type === 'choice') {
    field.options = list(raw.options, LIMITS.choiceOptions, (o) => parseOption(o));
    field.multiple = bool(raw.multiple) ?? false;
    if (field.options.length === 0) return null;
  }
  return field;
}

/**
 * A tool's input is shown on a permission card: every string in it is cleaned too, and anything
 * cleaned, cut or left out is reported, so the card is marked shortened.
 */
export function cleanJsonValue(value: unknown, onChange: () => void = () => {}, depth = 0): unknown {
  if (typeof value === 'string') {
    const cleaned = cleanField.reason(value);
    if (cleaned.changed) onChange();
    return cleaned.text;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (depth >= MAX_INPUT_DEPTH) {
    onChange();
    return null;
  }
  if (Array.isArray(value)) {
    if (value.length > MAX_INPUT_ENTRIES) onChange();
    return value.slice(0, MAX_INPUT_ENTRIES).map((v) => cleanJsonValue(v, onChange, depth + 1));
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length > MAX_INPUT_ENTRIES) onChange();
    // No prototype: a key such as `__proto__` or `constructor` is kept as written, so the card
    // shows the input the tool will run, not one a plain object quietly dropped a key from.
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [key, v] of entries.slice(0, MAX_INPUT_ENTRIES)) {
      const name = cleanField.label(key);
      if (name.changed || Object.hasOwn(out, name.text)) onChange();
      out[name.text] = cleanJsonValue(v, onChange, depth + 1);
    }
    return out;
  }
  onChange();
  return null;
}

export function parseTurn(raw: unknown): Turn | null {
  if (!isRecord(raw) || !isValidId(raw.id)) return null;
  const state = oneOf(raw.state, TURN_STATES);
  if (!state) return null;
  const turn: Turn = { id: raw.id, state, queued: count(raw.queued) ?? 0 };
  const startedAt = time(raw.startedAt);
  const endedAt = time(raw.endedAt);
  if (startedAt) turn.startedAt = startedAt;
  if (endedAt) turn.endedAt = endedAt;
  return turn;
}

/** Turns untrusted JSON into a cleaned ask, or null when its ids or revision are bad. */
export function parseAsk(raw: unknown): Ask | null {
  if (!isRecord(raw) || !isValidId(raw.id) || !isValidId(raw.toolCallId)) return null;
  const revision = count(raw.revision);
  if (revision === undefined || revision < 1) return null;
  const title = cleanField.title(str(raw.title) ?? '');
  const rawReason = str(raw.reason);
  const reason = rawReason === undefined ? undefined : cleanField.reason(rawReason);
  const base = {
    id: raw.id,
    revision,
    toolCallId: raw.toolCallId,
    title: title.text,
    // An earlier reader's mark is kept (it only makes the card more careful): the bridge's cache.
    shortened: title.changed || (reason?.changed ?? false) || raw.shortened === true,
  } as Ask;
  if (isValidId(raw.itemId)) base.itemId = raw.itemId;
  if (reason) base.reason = reason.text;
  const createdAt = time(raw.createdAt);
  const expiresAt = time(raw.expiresAt);
  if (createdAt) base.createdAt = createdAt;
  if (expiresAt) base.expiresAt = expiresAt;

  // An option's label cleaned or cut is the card's text shortened too: never on a button of its notification (push-answer.ts).
  let labelChanged = false;
  const labelCleaned = () => (labelChanged = true);
  switch (raw.kind) {
    case 'permission': {
      let inputChanged = false;
      const name = isRecord(raw.tool) && typeof raw.tool.name === 'string' ? cleanField.label(raw.tool.name) : null;
      const tool = isRecord(raw.tool) && name && name.text !== '' ? { name: name.text, input: cleanJsonValue(raw.tool.input, () => (inputChanged = true)) } : null;
      const options = list(raw.options, LIMITS.permissionOptions, (o) => parsePermissionOption(o, labelCleaned));
      // What allow-always would allow must be shown as the agent sent it, or not be offered.
      const shortened = base.shortened || inputChanged || labelChanged || (name?.changed ?? false);
      return { ...base, shortened, kind: 'permission', tool, options };
    }
    case 'choice': {
      const options = list(raw.options, LIMITS.choiceOptions, (o) => parseOption(o, labelCleaned));
      const ask: Ask = { ...base, shortened: base.shortened || labelChanged, kind: 'choice', options, multiple: bool(raw.multiple) ?? false };
      const min = count(raw.min);
      const max = count(raw.max);
      if (min !== undefined) ask.min = min;
      if (max !== undefined) ask.max = max;
      return ask;
    }
    case 'text': {
      const placeholder = str(raw.placeholder);
      const ask: Ask = { ...base, kind: 'text' };
      if (placeholder !== undefined) ask.placeholder = cleanField.label(placeholder).text;
      return ask;
    }
    case 'form':
      return { ...base, kind: 'form', fields: list(raw.fields, LIMITS.formFields, parseField) };
    default: {
      const wireKind = cleanText(str(raw.kind) ?? '', { maxBytes: LIMITS.idBytes }).text;
      return { ...base, kind: 'unknown', wireKind };
    }
  }
}
