import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing';
import { isFresh } from './launch.mjs';
import { buildNodePrograms, builtFile, inputsFile } from './node-programs';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('the programs compiled at build time', () => {
  it('run as plain modules, without a loader, and list the sources they were built from', async () => {
    // Inside the checkout, as dist/node is: a program finds the checkout's files from where it runs.
    const out = join(ROOT, 'dist', `node-test-${process.pid}`);
    try {
      await buildNodePrograms(out);
      const { stdout } = await promisify(execFile)(process.execPath, [builtFile('collie', out), 'help'], { cwd: ROOT });
      expect(stdout).toContain('collie start');
      const { inputs } = JSON.parse(await readFile(inputsFile(out), 'utf8')) as { inputs: string[] };
      expect(inputs).toEqual(expect.arrayContaining(['src/bridge/cli/cli.ts', 'src/agent/run-demo.ts', 'src/agent/pi/run-pi.ts', 'src/wire/ids.ts']));
      expect(inputs.filter((input) => !input.startsWith('src/'))).toEqual([]);
      expect(isFresh('collie', ROOT, out)).toBe(true);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('are stale once a source they were built from is newer than the build, or gone, or the list is', async () => {
    const dir = await tempDir();
    try {
      const out = join(dir.path, 'dist');
      await mkdir(join(dir.path, 'src'), { recursive: true });
      await mkdir(out);
      await writeFile(join(dir.path, 'src', 'a.ts'), 'export {};\n');
      await writeFile(join(out, 'collie.mjs'), '');
      await writeFile(join(out, 'inputs.json'), JSON.stringify({ inputs: ['src/a.ts'] }));
      const at = (path: string, seconds: number) => utimes(path, seconds, seconds);
      await at(join(dir.path, 'src', 'a.ts'), 1000);
      await at(join(out, 'inputs.json'), 2000);
      expect(isFresh('collie', dir.path, out)).toBe(true);
      expect(isFresh('demo-agent', dir.path, out)).toBe(false); // not built
      await at(join(dir.path, 'src', 'a.ts'), 3000);
      expect(isFresh('collie', dir.path, out)).toBe(false); // edited since
      await at(join(dir.path, 'src', 'a.ts'), 1000);
      await writeFile(join(out, 'inputs.json'), JSON.stringify({ inputs: ['src/a.ts', 'src/gone.ts'] }));
      expect(isFresh('collie', dir.path, out)).toBe(false); // a source that is no more
      await writeFile(join(out, 'inputs.json'), '{"inputs": [');
      expect(isFresh('collie', dir.path, out)).toBe(false); // a list cut short
    } finally {
      await dir.cleanup();
    }
  });
});
