import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { PI_PROJECT_FOLDER } from './tool-place';

/** One file Pi would load from the project's `.pi/` folder, as the card lists it. */
export interface ProjectFile {
  /** Relative to the project folder, `/`-separated (`.pi/extensions/x.js`). */
  path: string;
  bytes: number;
  /** SHA-256 of the content, hex; null for one past the hashing bound (its size and time stand in). */
  sha256: string | null;
  /** Where a symlink points (Pi follows it). */
  target?: string;
}

export interface ProjectFiles {
  files: ProjectFile[];
  /** One hash of the whole list: a file added, removed or changed gives another. */
  digest: string;
}

/** Files hashed one by one at most, and bytes hashed at most; past either, size and change time stand in. */
export const HASHED_FILES = 2000;
export const HASHED_BYTES = 256 * 1024 * 1024;
/** Folders deeper than this are not walked (a symlink loop ends here too). */
const MAX_DEPTH = 32;

/**
 * Everything under the project's `.pi/`, where Pi finds code and settings it runs without a card:
 * extensions, `settings.json` (which can name packages to install, a shell, more extensions),
 * packages installed for the project, skills, prompts, themes and system prompts. Symlinks are
 * followed as Pi follows them, and listed with their target. Empty when there is no `.pi/`.
 */
export async function projectFiles(cwd: string): Promise<ProjectFiles> {
  const files: ProjectFile[] = [];
  /** What the digest covers: each file, and for one not hashed its change time too. */
  const digested: unknown[] = [];
  const budget = { files: HASHED_FILES, bytes: HASHED_BYTES };
  const seen = new Set<string>();
  const walk = async (folder: string, depth: number): Promise<void> => {
    const real = await realpath(folder).catch(() => null);
    if (real === null || seen.has(real) || depth > MAX_DEPTH) return;
    seen.add(real);
    const names = (await readdir(folder).catch(() => [] as string[])).sort();
    for (const name of names) {
      const path = join(folder, name);
      const link = await lstat(path).catch(() => null);
      if (!link) continue;
      const target = link.isSymbolicLink() ? await realpath(path).catch(() => null) : undefined;
      const stats = link.isSymbolicLink() ? await stat(path).catch(() => null) : link;
      if (stats?.isDirectory()) {
        await walk(path, depth + 1);
        continue;
      }
      const entry: ProjectFile = { path: relative(cwd, path).split('\\').join('/'), bytes: stats?.size ?? 0, sha256: null };
      if (target !== undefined) entry.target = target ?? '(missing)';
      if (stats?.isFile() && budget.files > 0 && budget.bytes >= stats.size) {
        budget.files -= 1;
        budget.bytes -= stats.size;
        entry.sha256 = await hashFile(path);
      }
      files.push(entry);
      digested.push(entry.sha256 === null ? { ...entry, changed: stats?.mtimeMs ?? 0 } : entry);
    }
  };
  await walk(join(cwd, PI_PROJECT_FOLDER), 0);
  return { files, digest: createHash('sha256').update(JSON.stringify(digested)).digest('hex') };
}

function hashFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}
