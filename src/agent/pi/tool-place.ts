import { realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/** Pi's tools that only read: card-less, but only inside the project folder (`placeCall`). */
export const READ_ONLY_TOOLS: readonly string[] = ['read', 'grep', 'find', 'ls'];

/** Pi's tools that write a file named by their `path`. */
const FILE_WRITERS: readonly string[] = ['write', 'edit'];

/** The project's own Pi folder: what Pi loads from it is code and settings (project-files.ts). */
export const PI_PROJECT_FOLDER = '.pi';

/** The most a card-less `read` takes: a regular file larger than this needs a card. */
export const FREE_READ_BYTES = 16 * 1024 * 1024;

/**
 * Where a tool call acts, for the gate. `free`: it runs without a card. `ask`: it needs one, and
 * `why` (when set) says what the card must show besides the call; `noAlways`: Allow always neither
 * covers it nor is offered on its card.
 */
export type Place = { free: true } | { free: false; why: string | null; noAlways: boolean };

const ASK: Place = { free: false, why: null, noAlways: false };

/**
 * Places one tool call against the project folder `cwd`. A read-only tool is free only on what
 * lies inside the folder once symlinks are resolved: for `read` a regular file of at most
 * FREE_READ_BYTES, for the others a folder or a regular file. Anything else (another folder, a
 * device, a FIFO, /proc) asks, saying why. A write under the project's `.pi/` always asks, never
 * covered by Allow always: Pi runs what it finds there.
 */
export function placeCall(toolName: string, args: Record<string, unknown>, cwd: string): Place {
  const given = typeof args.path === 'string' ? args.path : typeof args.file_path === 'string' ? args.file_path : undefined;
  if (READ_ONLY_TOOLS.includes(toolName)) return placeRead(toolName === 'read', given ?? (toolName === 'read' ? undefined : '.'), cwd);
  if (FILE_WRITERS.includes(toolName) && given !== undefined && isUnder(realTarget(resolveAsPi(given, cwd)), resolve(realTarget(cwd), PI_PROJECT_FOLDER)))
    return { free: false, why: `it writes under ${PI_PROJECT_FOLDER}/, where Pi loads code and settings from`, noAlways: true };
  return ASK;
}

function placeRead(isRead: boolean, given: string | undefined, cwd: string): Place {
  if (given === undefined) return ASK;
  const root = realTarget(cwd);
  const target = realTarget(resolveAsPi(given, cwd));
  const outside = (why: string): Place => ({ free: false, why, noAlways: true });
  if (!isUnder(target, root)) return outside('it reads outside the project folder');
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return { free: true }; // nothing there: the tool says so itself
  }
  if (isRead && !stats.isFile()) return outside('it is not a regular file');
  if (!isRead && !stats.isFile() && !stats.isDirectory()) return outside('it is not a regular file or folder');
  if (isRead && stats.size > FREE_READ_BYTES) return outside(`the file is over ${FREE_READ_BYTES / 1024 / 1024} MB`);
  return { free: true };
}

/** A path as Pi's tools take it: `@` and `~` expanded, relative to the project folder. */
export function resolveAsPi(path: string, cwd: string): string {
  const unprefixed = path.startsWith('@') ? path.slice(1) : path;
  const expanded = unprefixed === '~' ? homedir() : unprefixed.startsWith('~/') ? homedir() + unprefixed.slice(1) : unprefixed;
  return isAbsolute(expanded) ? expanded : resolve(cwd, expanded);
}

/** The real path of `path`, or of its nearest existing folder with the rest joined (a file not yet written). */
export function realTarget(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : resolve(realTarget(parent), basename(path));
  }
}

export function isUnder(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}
