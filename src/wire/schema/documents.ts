/**
 * The JSON Schema documents the SDK package ships in `schemas/`: one self-contained file per
 * body (it holds the `$defs` it uses), so a builder in any language validates against one file.
 */
import { BODIES } from './bodies';
import { OBJECT_DEFS } from './objects';
import type { Schema } from './strings';

export const SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';
const ID_PREFIX = 'urn:colliepwa:durable-wire:v1:';

/** The names of the `$defs` a schema refers to, and the ones those refer to, in turn. */
function defsUsed(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const entry of schema) defsUsed(entry, found);
  } else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = value.replace('#/$defs/', '');
        if (!found.has(name)) {
          found.add(name);
          defsUsed(OBJECT_DEFS[name], found);
        }
      } else {
        defsUsed(value, found);
      }
    }
  }
  return found;
}

/** File name → document, for every body; `index.json` names them all. */
export function schemaDocuments(): Record<string, Schema> {
  const documents: Record<string, Schema> = {};
  for (const body of BODIES) {
    const names = [...defsUsed(body.schema)].sort();
    const $defs = Object.fromEntries(names.map((name) => [name, OBJECT_DEFS[name]]));
    documents[`${body.name}.schema.json`] = { $schema: SCHEMA_DIALECT, $id: `${ID_PREFIX}${body.name}`, title: body.title, ...body.schema, ...(names.length ? { $defs } : {}) };
  }
  documents['index.json'] = {
    description: 'The JSON Schemas of durable wire v1 (draft 2020-12), one per body. Byte limits are in x-maxBytes (UTF-8 bytes); maxLength counts characters.',
    schemas: Object.fromEntries(BODIES.map((body) => [body.name, { file: `${body.name}.schema.json`, title: body.title }])),
  };
  return documents;
}
