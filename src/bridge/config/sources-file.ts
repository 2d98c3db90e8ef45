import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRecord } from '../../wire/read';
import { describeJsonError } from './json-error';
import { writePrivateFile } from '../fs/private-file';

/** An entry as `attach` writes it (docs/bridge.md §1); the token is stored trimmed. */
export type SourceEntry = { name: string; kind: 'durable'; socket: string } | { name: string; kind: 'durable'; url: string; token: string };

/** The file could not be read or parsed: nothing is rewritten, so a typo never costs the other entries. */
export class SourcesFileRefused extends Error {
  override readonly name = 'SourcesFileRefused';
}

/** No entry has this name. */
export class NotAttached extends Error {
  override readonly name = 'NotAttached';
}

export interface SourcesFile {
  path: string;
  exists: boolean;
  /** Every entry exactly as the file holds it; `attach` and `detach` keep the others untouched. */
  entries: unknown[];
}

export const sourcesPath = (configDir: string) => join(configDir, 'sources.json');

export async function readSourcesFile(configDir: string): Promise<SourcesFile> {
  const path = sourcesPath(configDir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { path, exists: false, entries: [] };
    throw new SourcesFileRefused(`${path} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new SourcesFileRefused(`${path} is not valid JSON: ${describeJsonError(text, err)}`);
  }
  if (!Array.isArray(raw)) throw new SourcesFileRefused(`${path} must hold a JSON array of entries`);
  return { path, exists: true, entries: raw };
}

const named = (entry: unknown, name: string) => isRecord(entry) && entry.name === name;

/** Puts the entry in place of the one with its name (and drops any second copy), or at the end. */
export function withEntry(entries: unknown[], entry: SourceEntry): { entries: unknown[]; updated: boolean } {
  const at = entries.findIndex((e) => named(e, entry.name));
  if (at === -1) return { entries: [...entries, entry], updated: false };
  const kept = entries.filter((e, index) => index < at || !named(e, entry.name));
  kept.splice(at, 0, entry);
  return { entries: kept, updated: true };
}

export function withoutEntry(entries: unknown[], name: string): { entries: unknown[]; removed: boolean } {
  const kept = entries.filter((e) => !named(e, name));
  return { entries: kept, removed: kept.length < entries.length };
}

export function writeSourcesFile(path: string, entries: unknown[]): Promise<void> {
  return writePrivateFile(path, `${JSON.stringify(entries, null, 2)}\n`);
}

/** `collie durable attach`: read (or refuse), replace or add, write 0600. */
export async function attachSource(configDir: string, entry: SourceEntry): Promise<{ path: string; updated: boolean }> {
  const file = await readSourcesFile(configDir);
  const { entries, updated } = withEntry(file.entries, entry);
  await writeSourcesFile(file.path, entries);
  return { path: file.path, updated };
}

/** `collie durable detach`: read (or refuse), remove, write 0600; an unknown name changes nothing. */
export async function detachSource(configDir: string, name: string): Promise<{ path: string }> {
  const file = await readSourcesFile(configDir);
  const { entries, removed } = withoutEntry(file.entries, name);
  if (!removed) throw new NotAttached(`no durable agent named ${name} in ${file.path}`);
  await writeSourcesFile(file.path, entries);
  return { path: file.path };
}
