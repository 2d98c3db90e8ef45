import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { writePrivateFile } from './private-file';

let dir: TempDir;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => dir.cleanup());

it('writes 0600 in a new 0700 folder and replaces a wider file whole', async () => {
  const path = join(dir.path, 'new', 'secret.json');
  await writePrivateFile(path, 'one');
  expect((await stat(path)).mode & 0o777).toBe(0o600);
  expect((await stat(join(dir.path, 'new'))).mode & 0o777).toBe(0o700);

  await writeFile(path, 'wide', { mode: 0o644 });
  await writePrivateFile(path, 'two');
  expect(await readFile(path, 'utf8')).toBe('two');
  expect((await stat(path)).mode & 0o777).toBe(0o600);
  expect(await readdir(join(dir.path, 'new'))).toEqual(['secret.json']);
});

it('leaves no temp file when the write fails', async () => {
  const path = join(dir.path, 'a-folder');
  await writePrivateFile(join(path, 'x'), 'x');
  await expect(writePrivateFile(path, 'cannot replace a folder')).rejects.toThrow();
  expect(await readdir(dir.path)).toEqual(['a-folder']);
});
