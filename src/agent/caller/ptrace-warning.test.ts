import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../testing';
import { ptraceWarning } from './ptrace-warning';

let dir: TempDir;
beforeEach(async () => (dir = await tempDir()));
afterEach(() => dir.cleanup());

describe('the ptrace line at an agent’s start', () => {
  it('is said for scope 0 and for a kernel without Yama, and not for 1', async () => {
    const file = join(dir.path, 'ptrace_scope');
    await writeFile(file, '0\n');
    expect(ptraceWarning(file)).toMatch(/^\[agent\] The caller check is on, but Yama's ptrace scope is 0, .*: sudo sysctl kernel\.yama\.ptrace_scope=1/);
    expect(ptraceWarning(join(dir.path, 'absent'))).toMatch(/this kernel has no Yama ptrace scope/);
    await writeFile(file, '1\n');
    expect(ptraceWarning(file)).toBeNull();
  });
});
