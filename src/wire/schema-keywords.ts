/**
 * The one JSON Schema keyword of the wire's own, shipped with the schemas: `x-maxBytes`, a
 * string's limit in UTF-8 bytes (JSON Schema's `maxLength` counts characters). A validator in
 * strict mode (Ajv's default) refuses a schema with a keyword it was not told about, so the SDK
 * exports this helper to tell it; a validator that ignores unknown keywords needs nothing, but
 * then checks no byte limit.
 */
import { utf8Length } from './utf8';

export const MAX_BYTES = 'x-maxBytes';

/** A keyword as Ajv's `addKeyword` takes it (any validator with the same method will do). */
export interface SchemaKeyword {
  keyword: string;
  type: 'string';
  schemaType: 'number';
  validate: (limit: number, data: string) => boolean;
}

export const WIRE_SCHEMA_KEYWORDS: readonly SchemaKeyword[] = [{ keyword: MAX_BYTES, type: 'string', schemaType: 'number', validate: (limit, data) => utf8Length(data) <= limit }];

/** `addWireKeywords(new Ajv2020())`: the validator, told the wire's keywords, so it compiles every schema and checks byte limits. */
export function addWireKeywords<V extends { addKeyword(definition: SchemaKeyword): unknown }>(validator: V): V {
  for (const definition of WIRE_SCHEMA_KEYWORDS) validator.addKeyword(definition);
  return validator;
}
