import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstLoadKeys, splitWords } from './first-words';

const catalog = JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, unknown>;

describe('the English words split for the first load', () => {
  const root = mkdtempSync(join(tmpdir(), 'first-words-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('takes the keys the entry’s static imports name, by string or by a template’s head; not those of a lazy or type-only import', () => {
    mkdirSync(join(root, 'src/app'), { recursive: true });
    const write = (name: string, text: string) => writeFileSync(join(root, 'src/app', name), text);
    write('main.tsx', "import { a } from './a';\nimport type { T } from './typed';\nimport './styles';\nexport const lazy = () => import('./lazy');\nt('app.title');\n");
    write('a.ts', "export const a = (state: string) => t(`pane.state.${state}`);\nconst WORDS = { live: 'connection.connecting' };\n");
    write('styles.ts', "t('nav.back');\n");
    write('typed.ts', "export type T = 'search.label';\n");
    write('lazy.ts', "t('chat.empty');\n");
    const first = firstLoadKeys(root, catalog);
    expect([...first].sort()).toEqual(['app.title', 'connection.connecting', 'nav.back', ...Object.keys(catalog).filter((k) => k.startsWith('pane.state.'))].sort());
  });

  it('on this app, leaves most words out of the first load, and none a first screen names', () => {
    const first = firstLoadKeys(process.cwd(), catalog);
    for (const key of ['app.title', 'durable.section', 'nav.settings', 'search.title', 'connection.connecting']) expect(first, key).toContain(key);
    for (const key of ['chat.empty', 'search.label', 'closed.gone']) expect(first, key).not.toContain(key);
    expect(first.size).toBeLessThan(Object.keys(catalog).length / 2);
  });

  it('splits the catalog in two parts that hold every word once', () => {
    const { first, more } = splitWords(catalog, firstLoadKeys(process.cwd(), catalog));
    expect(Object.keys(first).length + Object.keys(more).length).toBe(Object.keys(catalog).length);
    expect({ ...first, ...more }).toEqual(catalog);
  });
});
