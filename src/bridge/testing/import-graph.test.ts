import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../agent/testing';
import { arrowsBackUp, findCycles, importGraph } from './import-graph';

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

describe('arrows that run back up', () => {
  it('there are none in any folder of src/', () => {
    expect(arrowsBackUp(importGraph(SRC))).toEqual([]);
  });

  it('a folder importing a room that imports it back is found, at every depth; a one-way arrow is not', async () => {
    const dir = await tempDir();
    try {
      await mkdir(join(dir.path, 'top', 'low'), { recursive: true });
      await mkdir(join(dir.path, 'top', 'rigs'));
      await writeFile(join(dir.path, 'root.ts'), 'export const root = 1;\n');
      await writeFile(join(dir.path, 'top', 'low', 'leaf.ts'), "import { root } from '../../root';\nexport const leaf = root;\n");
      await writeFile(join(dir.path, 'top', 'main.ts'), "import { leaf } from './low/leaf';\nexport const main = leaf;\n");
      await writeFile(join(dir.path, 'top', 'low', 'rig.ts'), "import type { main } from '../main';\nexport type Rig = typeof main;\n");
      await writeFile(join(dir.path, 'top', 'rigs', 'ok.ts'), "import { main } from '../main';\nexport const ok = main;\n");
      expect(findCycles(importGraph(dir.path))).toEqual([]);
      expect(arrowsBackUp(importGraph(dir.path))).toEqual([
        { folder: 'top', from: join('top', 'low', 'rig.ts'), to: join('top', 'main.ts') },
        { folder: 'top', from: join('top', 'main.ts'), to: join('top', 'low', 'leaf.ts') },
      ]);
    } finally {
      await dir.cleanup();
    }
  });
});
