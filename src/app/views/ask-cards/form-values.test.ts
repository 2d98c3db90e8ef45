import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../wire/types';
import { formValues } from './form-values';

const text = (id: string, required = false): FormField => ({ id, label: id, type: 'text', required });
const toggle = (id: string, required = false): FormField => ({ id, label: id, type: 'toggle', required });
const choice = (id: string, required = false): FormField => ({
  id,
  label: id,
  type: 'choice',
  required,
  options: [
    { id: 'x', label: 'X' },
    { id: 'y', label: 'Y' },
  ],
});

describe('formValues', () => {
  it('leaves out optional fields with nothing given', () => {
    expect(formValues([text('a'), toggle('b'), choice('c')], { a: '  ', c: [] })).toEqual({ values: {}, missing: [] });
  });

  it('lists required fields with nothing given, in order', () => {
    const fields = [choice('c', true), text('a', true)];
    expect(formValues(fields, {}).missing.map((f) => f.id)).toEqual(['c', 'a']);
  });

  it('sends a required toggle left alone as off', () => {
    expect(formValues([toggle('b', true)], {})).toEqual({ values: { b: false }, missing: [] });
  });

  it('drops option ids the field no longer offers', () => {
    expect(formValues([choice('c', true)], { c: ['gone'] }).missing).toHaveLength(1);
    expect(formValues([choice('c')], { c: ['gone', 'y'] }).values).toEqual({ c: ['y'] });
  });

  it('keeps text as typed', () => {
    expect(formValues([text('a', true)], { a: ' hi ' }).values).toEqual({ a: ' hi ' });
  });
});
