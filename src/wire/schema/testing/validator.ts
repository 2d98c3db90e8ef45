/**
 * For tests only (ajv is a devDependency): the package's schemas in Ajv's default validator
 * (strict mode), told the wire's own keyword `x-maxBytes` by the helper the SDK ships.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { addWireKeywords } from '../../schema-keywords';
import { schemaDocuments } from '../documents';

export interface WireValidator {
  /** True when `value` is a valid `<name>` body (a file name without `.schema.json`). */
  valid(name: string, value: unknown): boolean;
  /** The first problems ajv found with the last value checked, in one line. */
  errors(): string;
  /** What Ajv logged while it compiled (strict mode's warnings): none, or a schema is loose somewhere. */
  warnings: string[];
}

export function wireValidator(): WireValidator {
  const warnings: string[] = [];
  const note = (...parts: unknown[]) => void warnings.push(parts.join(' '));
  const ajv = addWireKeywords(new Ajv2020({ logger: { log: note, warn: note, error: note } }));
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
    warnings,
  };
}
