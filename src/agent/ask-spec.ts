import type { Ask, DistributiveOmit, FormAnswer, FormField, FormFieldType, Option, OptionAnswer, PermissionOption, TextAnswer } from '../wire/types';

/**
 * What an agent passes to raise an ask (WIRE.md §6). The kit adds the id, the revision and
 * the times; fields the wire gives a default (`multiple`, `required`) may be left out here.
 */
interface AskSpecBase {
  /** The tool call the ask is about: with the pane id it makes the ask's id, so a restart keeps it. */
  toolCallId: string;
  /** The item the card belongs beside in the chat (usually the tool item of the same call). */
  itemId?: string;
  title: string;
  /** The rationale, multi-line. */
  reason?: string;
  /** Seconds until the ask is decided by `timeout`. */
  expiresInSeconds?: number;
}

export interface PermissionAskSpec extends AskSpecBase {
  kind: 'permission';
  /** The card is built from the tool's name and input, never from model text (null: no tool named, so no allow-always). */
  tool: { name: string; input: unknown } | null;
  options: PermissionOption[];
}

export interface ChoiceAskSpec extends AskSpecBase {
  kind: 'choice';
  options: Option[];
  /** Default false: exactly one option. */
  multiple?: boolean;
  /** With `multiple`: how many options at least (default 1) and at most (default all). */
  min?: number;
  max?: number;
}

export interface TextAskSpec extends AskSpecBase {
  kind: 'text';
  placeholder?: string;
}

export interface FormFieldSpec {
  id: string;
  label: string;
  type: FormFieldType;
  /** Default false. */
  required?: boolean;
  /** A choice field's options (at least one). */
  options?: Option[];
  /** A choice field: default false. */
  multiple?: boolean;
}

export interface FormAskSpec extends AskSpecBase {
  kind: 'form';
  fields: FormFieldSpec[];
}

export type AskSpec = PermissionAskSpec | ChoiceAskSpec | TextAskSpec | FormAskSpec;

/** The answer a spec's kind gets: option ids for permission and choice, text, or form values. */
export type AnswerFor<S extends AskSpec> = S extends { kind: 'text' } ? TextAnswer : S extends { kind: 'form' } ? FormAnswer : OptionAnswer;

function formField(spec: FormFieldSpec): FormField {
  const field: FormField = { id: spec.id, label: spec.label, type: spec.type, required: spec.required ?? false };
  if (spec.type === 'choice') {
    field.options = spec.options ?? [];
    field.multiple = spec.multiple ?? false;
  }
  return field;
}

/** The ask as it travels: the spec with the wire's defaults written out, so every reader sees them. */
export function askFromSpec(spec: DistributiveOmit<AskSpec, 'expiresInSeconds'>, id: string, revision: number, createdAt: string): Ask {
  const { toolCallId, itemId, title, reason } = spec;
  const base = { id, revision, toolCallId, title, createdAt, ...(itemId !== undefined ? { itemId } : {}), ...(reason !== undefined ? { reason } : {}) };
  switch (spec.kind) {
    case 'permission':
      return { ...base, kind: 'permission', tool: spec.tool, options: spec.options };
    case 'choice': {
      const ask: Ask = { ...base, kind: 'choice', options: spec.options, multiple: spec.multiple ?? false };
      if (spec.min !== undefined) ask.min = spec.min;
      if (spec.max !== undefined) ask.max = spec.max;
      return ask;
    }
    case 'text':
      return { ...base, kind: 'text', ...(spec.placeholder !== undefined ? { placeholder: spec.placeholder } : {}) };
    case 'form':
      return { ...base, kind: 'form', fields: spec.fields.map(formField) };
  }
}

/** An open ask as a spec again, so a revision can change some fields and keep the rest. */
export function specFromAsk(ask: Ask): DistributiveOmit<AskSpec, 'expiresInSeconds'> {
  const { id: _id, revision: _revision, createdAt: _createdAt, expiresAt: _expiresAt, shortened: _shortened, ...rest } = ask;
  if (rest.kind === 'unknown') throw new Error('the kit never raises an ask of an unknown kind');
  return rest;
}
