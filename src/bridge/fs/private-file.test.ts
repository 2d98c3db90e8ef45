import { readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { appendPrivateFile, writePrivateFile } from './private-file';

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

it('appends to a private file and keeps its mode, but never creates one or follows a symlink', async () => {
  const path = join(dir.path, 'log.jsonl');
  await expect(appendPrivateFile(path, 'orphan\n')).rejects.toThrow(/ENOENT/);
  expect(await readdir(dir.path)).toEqual([]);

  await writePrivateFile(path, 'one\n');
  await appendPrivateFile(path, 'two\n');
  await appendPrivateFile(path, 'three\n');
  expect(await readFile(path, 'utf8')).toBe('one\ntwo\nthree\n');
  expect((await stat(path)).mode & 0o777).toBe(0o600);

  const elsewhere = join(dir.path, 'elsewhere');
  await writeFile(elsewhere, '');
  await symlink(elsewhere, join(dir.path, 'link'));
  await expect(appendPrivateFile(join(dir.path, 'link'), 'x')).rejects.toThrow(/ELOOP/);
  expect(await readFile(elsewhere, 'utf8')).toBe('');
});
