import { readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The English words split in two at build time: those the first load's code names ride in it;
 * the rest are a chunk of their own, loaded beside any later screen's code (i18n.ts `moreWords`).
 * locales/en.json stays the one English catalog. Which words the first load names is read from
 * the source: every module `src/app/main.tsx` imports statically (not `import type`, not
 * `import()`), and every catalog key written in them as a string, or as the head of a template
 * (`pane.state.${state}` names every key under `pane.state.`). Outside a build (tests, dev) the
 * first part is the whole catalog.
 */
export const FIRST_WORDS = 'virtual:first-words';
export const MORE_WORDS = 'virtual:more-words';

const CATALOG = 'locales/en.json';
const ENTRY = 'src/app/main.tsx';

const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s(?!type\s)[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|(?:^|\n)\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const QUOTED = /['"]([A-Za-z][\w-]*(?:\.[\w-]+)+)['"]/g;
const TEMPLATE_HEAD = /`([A-Za-z][\w-]*(?:\.[\w-]+)*\.)\$\{/g;

/** The catalog's keys the first load's code names, read from the source under `root`. */
export function firstLoadKeys(root: string, catalog: Record<string, unknown>): Set<string> {
  const keys = Object.keys(catalog);
  const known = new Set(keys);
  const used = new Set<string>();
  const seen = new Set<string>();
  const queue = [join(root, ENTRY)];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, key] of text.matchAll(QUOTED)) if (known.has(key!)) used.add(key!);
    for (const [, head] of text.matchAll(TEMPLATE_HEAD)) for (const key of keys) if (key.startsWith(head!)) used.add(key);
    for (const match of text.matchAll(STATIC_IMPORT)) {
      const target = resolveSource(dirname(file), match[1] ?? match[2] ?? '');
      if (target) queue.push(target);
    }
  }
  return used;
}

function resolveSource(from: string, specifier: string): string | null {
  const base = normalize(join(from, specifier));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, base, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
    } catch {
      // not this spelling of the path; try the next
    }
  }
  return null;
}

/** The catalog in two: the words the first load names, and the rest. */
export function splitWords(catalog: Record<string, unknown>, first: Set<string>): { first: Record<string, unknown>; more: Record<string, unknown> } {
  const entries = Object.entries(catalog);
  return { first: Object.fromEntries(entries.filter(([k]) => first.has(k))), more: Object.fromEntries(entries.filter(([k]) => !first.has(k))) };
}

export function firstWords(root = process.cwd()): Plugin {
  let build = false;
  return {
    name: 'collie-first-words',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId: (id) => (id === FIRST_WORDS || id === MORE_WORDS ? `\0${id}` : null),
    load(id) {
      if (id !== `\0${FIRST_WORDS}` && id !== `\0${MORE_WORDS}`) return null;
      this.addWatchFile(join(root, CATALOG));
      const catalog = JSON.parse(readFileSync(join(root, CATALOG), 'utf8')) as Record<string, unknown>;
      const split = build ? splitWords(catalog, firstLoadKeys(root, catalog)) : { first: catalog, more: {} };
      return `export default ${JSON.stringify(id === `\0${FIRST_WORDS}` ? split.first : split.more)};`;
    },
  };
}
