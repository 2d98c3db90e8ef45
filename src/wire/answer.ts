import { isValidId } from './ids';
import { LIMITS } from './limits';
import { isRecord } from './read';
import { utf8Length } from './utf8';
import type { Answer, Ask } from './types';

/**
 * The answer's shape, before any ask is looked at (WIRE.md §7): exactly one of
 * `optionIds` (a list of ids), `text` (a string) or `values` (an object of strings, booleans and
 * lists of strings). Anything else is `400 bad-request`, whether or not the ask is still open.
 */
export function answerShape(raw: unknown): Answer | null {
  if (!isRecord(raw)) return null;
  const present = (['optionIds', 'text', 'values'] as const).filter((key) => raw[key] !== undefined);
  if (present.length !== 1) return null;
  const { optionIds, text, values } = raw;
  if (Array.isArray(optionIds) && optionIds.every(isValidId)) return { optionIds };
  if (typeof text === 'string') return { text };
  if (isRecord(values) && Object.values(values).every(isFormValue)) return { values: values as Record<string, string | boolean | string[]> };
  return null;
}

function isFormValue(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'boolean' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));
}

/**
 * Checks that an untrusted answer fits the ask's kind, options and fields (WIRE.md §7).
 * Returns the answer in its canonical shape, or null (`400 bad-answer`).
 */
export function checkAnswer(ask: Ask, raw: unknown): Answer | null {
  if (!isRecord(raw)) return null;
  switch (ask.kind) {
    case 'permission':
    case 'choice': {
      const ids = raw.optionIds;
      if (!Array.isArray(ids) || !ids.every(isValidId) || new Set(ids).size !== ids.length) return null;
      if (!ids.every((id) => ask.options.some((o) => o.id === id))) return null;
      const multiple = ask.kind === 'choice' && ask.multiple;
      if (!multiple) return ids.length === 1 ? { optionIds: ids } : null;
      const min = ask.min ?? 1;
      const max = ask.max ?? ask.options.length;
      return ids.length >= min && ids.length <= max ? { optionIds: ids } : null;
    }
    case 'text':
      // One line: any line break is refused; an empty line is an answer.
      return typeof raw.text === 'string' && !/[\r\n]/.test(raw.text) && utf8Length(raw.text) <= LIMITS.sendTextBytes ? { text: raw.text } : null;
    case 'form': {
      if (!isRecord(raw.values)) return null;
      const values: Record<string, string | boolean | string[]> = {};
      for (const key of Object.keys(raw.values)) {
        if (!ask.fields.some((f) => f.id === key)) return null;
      }
      for (const field of ask.fields) {
        const value = raw.values[field.id];
        if (value === undefined) {
          if (field.required) return null;
          continue;
        }
        if (field.type === 'text') {
          if (typeof value !== 'string' || (field.required && value.trim() === '')) return null;
          if (utf8Length(value) > LIMITS.sendTextBytes) return null;
        } else if (field.type === 'toggle') {
          if (typeof value !== 'boolean') return null;
        } else {
          const options = field.options ?? [];
          const chosen = Array.isArray(value) ? value : null;
          if (!chosen || !chosen.every((id) => typeof id === 'string' && options.some((o) => o.id === id))) return null;
          if (!field.multiple && chosen.length > 1) return null;
          if (field.required && chosen.length === 0) return null;
        }
        values[field.id] = value as string | boolean | string[];
      }
      return { values };
    }
    case 'unknown':
      return null;
  }
}

/** The effect of an answer to a permission ask that chose `allow-always`, else undefined. */
export function choosesAllowAlways(ask: Ask, answer: Answer): boolean {
  return ask.kind === 'permission' && 'optionIds' in answer && answer.optionIds.some((id) => ask.options.find((o) => o.id === id)?.effect === 'allow-always');
}
