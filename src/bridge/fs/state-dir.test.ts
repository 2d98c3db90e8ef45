import { chmod, mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { agentStateDir } from './state-dir';

let dir: TempDir;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => dir.cleanup());

it('tightens every level of an agent folder loosened by hand, the durable folder included', async () => {
  const state = join(dir.path, 'state');
  await mkdir(join(state, 'durable', 'desk'), { recursive: true });
  for (const folder of [state, join(state, 'durable'), join(state, 'durable', 'desk')]) await chmod(folder, 0o755);
  expect(await agentStateDir(state, 'desk')).toBe(join(state, 'durable', 'desk'));
  for (const folder of [state, join(state, 'durable'), join(state, 'durable', 'desk')]) expect((await stat(folder)).mode & 0o777).toBe(0o700);
});
