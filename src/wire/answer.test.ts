import { describe, expect, it } from 'vitest';
import { checkAnswer, choosesAllowAlways } from './answer';
import type { Ask } from './types';

const base = { id: 'a', revision: 1, toolCallId: 't', title: 'Q' };
const choice: Ask = {
  ...base,
  kind: 'choice',
  multiple: false,
  options: [
    { id: 'yes', label: 'Yes' },
    { id: 'no', label: 'No' },
  ],
};

describe('checkAnswer', () => {
  it('takes one known option for a single choice', () => {
    expect(checkAnswer(choice, { optionIds: ['yes'] })).toEqual({ optionIds: ['yes'] });
    for (const bad of [{ optionIds: [] }, { optionIds: ['yes', 'no'] }, { optionIds: ['maybe'] }, { optionIds: 'yes' }, { text: 'yes' }, null])
      expect(checkAnswer(choice, bad)).toBeNull();
  });

  it('checks min and max for a multiple choice', () => {
    const multi: Ask = { ...choice, multiple: true, min: 1, max: 1 };
    expect(checkAnswer({ ...multi, max: 2 }, { optionIds: ['yes', 'no'] })).toEqual({ optionIds: ['yes', 'no'] });
    expect(checkAnswer(multi, { optionIds: ['yes', 'no'] })).toBeNull();
    expect(checkAnswer(multi, { optionIds: ['yes', 'yes'] })).toBeNull();
  });

  it('takes one line of text', () => {
    const text: Ask = { ...base, kind: 'text' };
    expect(checkAnswer(text, { text: 'ok' })).toEqual({ text: 'ok' });
    expect(checkAnswer(text, { text: 'two\nlines' })).toBeNull();
  });

  it('checks a form field by field', () => {
    const form: Ask = {
      ...base,
      kind: 'form',
      fields: [
        { id: 'name', label: 'Name', type: 'text', required: true },
        { id: 'on', label: 'On', type: 'toggle', required: false },
        { id: 'env', label: 'Env', type: 'choice', required: false, options: [{ id: 'prod', label: 'Prod' }] },
      ],
    };
    expect(checkAnswer(form, { values: { name: 'x', on: true, env: ['prod'] } })).toEqual({ values: { name: 'x', on: true, env: ['prod'] } });
    expect(checkAnswer(form, { values: { on: true } })).toBeNull();
    expect(checkAnswer(form, { values: { name: ' ' } })).toBeNull();
    expect(checkAnswer(form, { values: { name: 'x', extra: 1 } })).toBeNull();
    expect(checkAnswer(form, { values: { name: 'x', env: ['dev'] } })).toBeNull();
  });

  it('never answers an unknown kind', () => {
    expect(checkAnswer({ ...base, kind: 'unknown', wireKind: 'slider' }, { optionIds: [] })).toBeNull();
  });
});

describe('choosesAllowAlways', () => {
  it('spots an allow-always option', () => {
    const ask: Ask = {
      ...base,
      kind: 'permission',
      tool: { name: 'bash', input: {} },
      options: [
        { id: 'a', label: 'Allow', effect: 'allow' },
        { id: 'aa', label: 'Always', effect: 'allow-always' },
      ],
    };
    expect(choosesAllowAlways(ask, { optionIds: ['aa'] })).toBe(true);
    expect(choosesAllowAlways(ask, { optionIds: ['a'] })).toBe(false);
  });
});
