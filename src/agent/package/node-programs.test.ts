import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing';
import { createRequire } from 'node:module';
import { isFresh } from './launch.cjs';
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
      const { sources } = JSON.parse(await readFile(inputsFile(out), 'utf8')) as { sources: Record<string, string[]> };
      // Each file a bin starts, with its own sources and those of the chunks it loads on demand.
      expect(Object.keys(sources).sort()).toEqual(['acp-agent.mjs', 'collie-words.cjs', 'collie.mjs', 'demo-agent.mjs', 'pi-agent.mjs']);
      expect(sources['collie.mjs']).toEqual(expect.arrayContaining(['src/bridge/cli/cli.ts', 'src/bridge/bridge.ts', 'src/wire/ids.ts']));
      expect(sources['demo-agent.mjs']).toContain('src/agent/run-demo.ts');
      expect(sources['pi-agent.mjs']).toContain('src/agent/pi/run-pi.ts');
      expect(sources['acp-agent.mjs']).toContain('src/agent/acp/run-acp.ts');
      expect(
        Object.values(sources)
          .flat()
          .filter((input) => !input.startsWith('src/')),
      ).toEqual([]);
      // The words of `collie help` come from a handful of sources, none of the bridge's.
      expect(sources['collie-words.cjs']).toContain('src/bridge/cli/usage.ts');
      expect(sources['collie-words.cjs']!.length).toBeLessThan(10);
      expect(isFresh(['collie.mjs', 'collie-words.cjs'], ROOT, out)).toBe(true);

      // collie-words.cjs is CommonJS: `require` loads it, and it reads a command line as cli.ts does.
      const words = createRequire(import.meta.url)(builtFile('collie-words', out)) as typeof import('../../bridge/cli/read-command-line');
      let printed = '';
      expect(words.readCommandLine(['help', 'restart'], { out: (text) => (printed += text), err: () => {} })).toEqual({ exitCode: 0 });
      expect(printed).toMatch(/^usage: collie restart\n/);
      expect(words.readCommandLine(['durable', 'list'], { out: () => {}, err: () => {} })).toEqual({ verb: 'durable', rest: ['list'] });
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
      await writeFile(join(out, 'inputs.json'), JSON.stringify({ sources: { 'collie.mjs': ['src/a.ts'], 'demo-agent.mjs': ['src/a.ts'] } }));
      const at = (path: string, seconds: number) => utimes(path, seconds, seconds);
      await at(join(dir.path, 'src', 'a.ts'), 1000);
      await at(join(out, 'inputs.json'), 2000);
      expect(isFresh(['collie.mjs'], dir.path, out)).toBe(true);
      expect(isFresh(['demo-agent.mjs'], dir.path, out)).toBe(false); // not built
      expect(isFresh(['collie.mjs', 'demo-agent.mjs'], dir.path, out)).toBe(false); // one of them not built
      await writeFile(join(out, 'pi-agent.mjs'), '');
      expect(isFresh(['pi-agent.mjs'], dir.path, out)).toBe(false); // built, but its sources not listed
      await at(join(dir.path, 'src', 'a.ts'), 3000);
      expect(isFresh(['collie.mjs'], dir.path, out)).toBe(false); // edited since
      await at(join(dir.path, 'src', 'a.ts'), 1000);
      await writeFile(join(out, 'inputs.json'), JSON.stringify({ sources: { 'collie.mjs': ['src/a.ts', 'src/gone.ts'] } }));
      expect(isFresh(['collie.mjs'], dir.path, out)).toBe(false); // a source that is no more
      await writeFile(join(out, 'inputs.json'), '{"sources": {');
      expect(isFresh(['collie.mjs'], dir.path, out)).toBe(false); // a list cut short
    } finally {
      await dir.cleanup();
    }
  });
});
