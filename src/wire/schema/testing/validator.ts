/**
 * For tests only (ajv is a devDependency): the package's schemas in a validator, with the one
 * keyword of our own, `x-maxBytes`, checked as WIRE.md states it (UTF-8 bytes).
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { utf8Length } from '../../utf8';
import { schemaDocuments } from '../documents';
import { MAX_BYTES } from '../strings';

export interface WireValidator {
  /** True when `value` is a valid `<name>` body (a file name without `.schema.json`). */
  valid(name: string, value: unknown): boolean;
  /** The first problems ajv found with the last value checked, in one line. */
  errors(): string;
}

export function wireValidator(): WireValidator {
  const ajv = new Ajv2020({ strict: true, strictTypes: false, strictRequired: false });
  ajv.addKeyword({
    keyword: MAX_BYTES,
    type: 'string',
    schemaType: 'number',
    validate: (limit: number, data: string) => utf8Length(data) <= limit,
  });
  const compiled = new Map<string, ValidateFunction>();
  for (const [file, document] of Object.entries(schemaDocuments())) {
    if (file.endsWith('.schema.json')) compiled.set(file.replace('.schema.json', ''), ajv.compile(document));
  }
  let last: ValidateFunction | undefined;
  return {
    valid(name, value) {
      last = compiled.get(name);
      if (!last) throw new Error(`no schema named ${name}`);
      return last(value);
    },
    errors: () => ajv.errorsText(last?.errors ?? null),
  };
}
