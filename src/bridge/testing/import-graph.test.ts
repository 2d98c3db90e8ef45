import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../agent/testing';
import { findCycles, importGraph } from './import-graph';

const SRC = fileURLToPath(new URL('../..', import.meta.url));

describe('import cycles', () => {
  it('there are none anywhere in src/', () => {
    const graph = importGraph(SRC);
    expect(graph.size).toBeGreaterThan(100);
    expect(findCycles(graph)).toEqual([]);
  });

  it('a new cycle is found, type-only imports and a file that imports itself included', async () => {
    const dir = await tempDir();
    try {
      await mkdir(join(dir.path, 'room'));
      await writeFile(join(dir.path, 'a.ts'), "import { b } from './room/b';\nexport const a = b;\n");
      await writeFile(join(dir.path, 'room', 'b.ts'), "import type { C } from '../c';\nexport const b: C = 1;\n");
      await writeFile(join(dir.path, 'c.ts'), "export type C = number;\nexport { a } from './a';\n");
      await writeFile(join(dir.path, 'self.ts'), "export * from './self';\n");
      await writeFile(join(dir.path, 'free.ts'), "import { a } from './a';\nexport const free = a;\n");
      expect(findCycles(importGraph(dir.path))).toEqual(expect.arrayContaining([['a.ts', 'c.ts', join('room', 'b.ts')], ['self.ts']]));
      expect(findCycles(importGraph(dir.path))).toHaveLength(2);
    } finally {
      await dir.cleanup();
    }
  });
});
