import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../testing';
import { isUnder, placeCall, resolveAsPi } from './tool-place';

let dir: TempDir;
let project: string;
beforeEach(async () => {
  dir = await tempDir();
  project = join(dir.path, 'project');
  await mkdir(join(project, 'src'), { recursive: true });
  await writeFile(join(project, 'src', 'a.ts'), 'x');
});
afterEach(() => dir.cleanup());

describe('where a tool call acts', () => {
  it('reads inside the folder freely, by any spelling that stays inside', () => {
    for (const path of ['src/a.ts', './src/../src/a.ts', join(project, 'src', 'a.ts'), '@src/a.ts', 'src/not-yet.ts'])
      expect(placeCall('read', { path }, project), path).toEqual({ free: true });
    expect(placeCall('ls', {}, project)).toEqual({ free: true });
    expect(placeCall('grep', { pattern: 'x', path: 'src' }, project)).toEqual({ free: true });
  });

  it('asks for a folder of the same prefix, a symlinked folder that points out, the home folder and a folder given to read', async () => {
    await mkdir(`${project}-other`);
    await writeFile(join(`${project}-other`, 'b.ts'), 'y');
    await symlink(`${project}-other`, join(project, 'out'));
    for (const path of [join(`${project}-other`, 'b.ts'), 'out/b.ts', '~/x']) expect(placeCall('read', { path }, project).free, path).toBe(false);
    expect(placeCall('ls', { path: 'out' }, project).free).toBe(false);
    expect(placeCall('read', { path: 'src' }, project)).toEqual({ free: false, why: 'it is not a regular file', noAlways: true });
  });

  it('asks for every write, and past Allow always for one under .pi/ (also through a path that only resolves there)', () => {
    expect(placeCall('write', { path: 'src/a.ts', content: '' }, project)).toEqual({ free: false, why: null, noAlways: false });
    expect(placeCall('bash', { command: 'ls' }, project)).toEqual({ free: false, why: null, noAlways: false });
    for (const path of ['.pi/extensions/x.js', 'src/../.pi/settings.json', join(project, '.pi', 'x')])
      expect(placeCall('edit', { path }, project), path).toMatchObject({ free: false, noAlways: true });
  });

  it('expands ~ and @ as Pi does, and tells inside from a look-alike', () => {
    expect(resolveAsPi('~/a', '/p')).toBe(join(homedir(), 'a'));
    expect(resolveAsPi('@b', '/p')).toBe('/p/b');
    expect(isUnder('/p/a', '/p')).toBe(true);
    expect(isUnder('/p', '/p')).toBe(true);
    expect(isUnder('/pa/b', '/p')).toBe(false);
    expect(isUnder('/p/..x', '/p')).toBe(true);
  });
});
