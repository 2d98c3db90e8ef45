import type { FormField } from '../../../wire/types';

export type FieldValue = string | boolean | string[];
/** What the person has touched so far, by field id. */
export type Drafts = Readonly<Record<string, FieldValue>>;

export interface FormDraftResult {
  values: Record<string, FieldValue>;
  /** Required fields with nothing in them, in the form's order. */
  missing: FormField[];
}

/**
 * The form's `values` from what the person touched. A field with nothing given (never touched,
 * blank text, no option picked) is left out; if it is required it is listed as missing instead.
 * A toggle is the exception: off is an answer, so a required toggle left alone is sent as false.
 */
export function formValues(fields: readonly FormField[], drafts: Drafts): FormDraftResult {
  const values: Record<string, FieldValue> = {};
  const missing: FormField[] = [];
  for (const field of fields) {
    const draft = drafts[field.id];
    let given: FieldValue | undefined;
    if (field.type === 'text') {
      given = typeof draft === 'string' && draft.trim() !== '' ? draft : undefined;
    } else if (field.type === 'toggle') {
      given = typeof draft === 'boolean' ? draft : field.required ? false : undefined;
    } else {
      // Only ids the field still offers: the ask may have changed since they were picked.
      const ids = Array.isArray(draft) ? draft.filter((id) => field.options?.some((o) => o.id === id)) : [];
      given = ids.length > 0 ? ids : undefined;
    }
    if (given !== undefined) values[field.id] = given;
    else if (field.required) missing.push(field);
  }
  return { values, missing };
}
