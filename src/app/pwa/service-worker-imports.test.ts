import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The worker is a classic script: a dynamic `import()` in any module it loads makes the build
 * reach for `import.meta`, and then the whole worker fails to evaluate (no offline shell, no
 * notifications). Every module reachable from service-worker.ts imports statically.
 */
function reachable(entry: string): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, spec = ''] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      if (spec.endsWith('.json')) continue;
      const base = resolve(dirname(file), spec);
      for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
        try {
          readFileSync(candidate);
          walk(candidate);
          break;
        } catch {
          // not this one
        }
      }
    }
  };
  walk(entry);
  return [...seen];
}

describe('the service worker’s modules', () => {
  it('load nothing by dynamic import', () => {
    const files = reachable(join(import.meta.dirname, 'service-worker', 'service-worker.ts'));
    expect(files.map((file) => file.slice(file.lastIndexOf('/') + 1))).toContain('notification-presses.ts');
    const dynamic = files.filter((file) => /\bimport\(/.test(readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')));
    expect(dynamic).toEqual([]);
  });
});
