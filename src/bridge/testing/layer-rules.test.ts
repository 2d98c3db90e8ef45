import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../agent/testing';
import { importGraph } from './import-graph';
import { LAYER_RULES, layerBreaks, type LayerRule } from './layer-rules';

const SRC = fileURLToPath(new URL('../..', import.meta.url));

/** Writes `files` (path relative to the tree → its text) into a fresh folder and returns the graph of it. */
async function graphOf(files: Record<string, string>): Promise<Map<string, string[]>> {
  const dir = await tempDir();
  try {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir.path, path)), { recursive: true });
      await writeFile(join(dir.path, path), text);
    }
    return importGraph(dir.path);
  } finally {
    await dir.cleanup();
  }
}

/** The import from `from` (a file) to `to` (a file), spelled as a relative specifier without the extension. */
function specifier(from: string, to: string): string {
  const up = from
    .split('/')
    .slice(0, -1)
    .map(() => '..');
  return [...(up.length ? up : ['.']), to.replace(/\.ts$/, '')].join('/');
}

/** A file in a place: the place itself when it is a file, else one under it. */
const fileIn = (place: string, name: string) => (place.endsWith('/') ? `${place}${name}.ts` : place);

describe('layer rules', () => {
  it('hold everywhere in src/', () => {
    const graph = importGraph(SRC);
    expect(graph.size).toBeGreaterThan(100);
    expect(layerBreaks(graph)).toEqual([]);
  });

  it.each(LAYER_RULES.map((rule) => [`${rule.from} ↛ ${rule.mayNotImport.join(', ')}`, rule] as const))(
    '%s: a break is reported, type-only and lazy imports included; its exceptions are not',
    async (_name, rule: LayerRule) => {
      const files: Record<string, string> = {};
      const expected: { file: string; imports: string }[] = [];
      rule.mayNotImport.forEach((place, i) => {
        const target = fileIn(place, `target${i}`);
        files[target] = 'export type T = number;\nexport const t = 1;\n';
        const plain = fileIn(rule.from, `plain${i}`);
        const typeOnly = fileIn(rule.from, `type-only${i}`);
        const lazy = fileIn(rule.from, `lazy${i}`);
        files[plain] = `import { t } from '${specifier(plain, target)}';\nexport const a = t;\n`;
        files[typeOnly] = `import type { T } from '${specifier(typeOnly, target)}';\nexport const b: T = 1;\n`;
        files[lazy] = `export const c = () => import('${specifier(lazy, target)}');\n`;
        expected.push(...[plain, typeOnly, lazy].map((file) => ({ file, imports: target })));
        for (const [j, place] of (rule.except ?? []).entries()) {
          const allowed = fileIn(place, `allowed${i}-${j}`);
          if (allowed !== target) files[allowed] = `import { t } from '${specifier(allowed, target)}';\nexport const d = t;\n`;
        }
        // A test file is not in the graph: it may reach across.
        files[fileIn(rule.from, `fixture${i}.test`)] = `import { t } from '${specifier(fileIn(rule.from, `fixture${i}.test`), target)}';\n`;
      });
      const breaks = layerBreaks(await graphOf(files), [rule]);
      expect(breaks.map(({ file, imports }) => ({ file, imports })).sort(byFile)).toEqual(expected.sort(byFile));
      expect(breaks.every((b) => b.why === rule.why)).toBe(true);
    },
  );

  it('lets a room import itself and the rooms below it', async () => {
    const graph = await graphOf({
      'wire/types.ts': 'export type T = number;\n',
      'agent/kit.ts': "import type { T } from '../wire/types';\nexport const k: T = 1;\n",
      'bridge/http/http-error.ts': "import type { T } from '../../wire/types';\nexport const e: T = 1;\n",
      'bridge/acts/act.ts': "import { e } from '../http/http-error';\nexport const a = e;\n",
      'bridge/phone/routes.ts': "import { a } from '../acts/act';\nexport const r = a;\n",
      'bridge/bridge.ts': "import { r } from './phone/routes';\nexport const b = r;\n",
      'app/stores/card-status.ts': "import type { T } from '../../wire/types';\nexport type S = T;\n",
      'app/views/card.ts': "import type { S } from '../stores/card-status';\nexport const v: S = 1;\n",
    });
    expect(layerBreaks(graph)).toEqual([]);
  });
});

const byFile = (a: { file: string }, b: { file: string }) => a.file.localeCompare(b.file);
