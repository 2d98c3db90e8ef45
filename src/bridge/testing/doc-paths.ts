/**
 * The paths a guide names, checked against the tree: a checklist that names a file that moved is
 * worse than none. A path is a backticked span with a slash or a file's extension; it may be the
 * tail of a real path (`acts/act-runner.ts`), hold `*` or a `<placeholder>` for one segment, and
 * end with `/` for a folder.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const PATH = /^[\w.@<>*-]+(?:\/[\w.@<>*-]*)*$/;
const EXTENSION = /\.(ts|tsx|cjs|mjs|js|json|md|css|html)$/;
/** Folders the tree never holds on a fresh clone: the build's and the tests' output. */
const MADE = ['dist/', 'test-results/'];
/** Folders no walk of the tree enters: installed packages (the cloud toolchain's under src/ too), build and test output. */
export const NOT_WALKED = new Set(['node_modules', 'dist', 'test-results', '.git']);

/** Every file and folder under `root` (folders end with `/`), relative to it with `/` between segments. */
export function treePaths(root: string, folder = root): string[] {
  return readdirSync(folder).flatMap((name) => {
    if (NOT_WALKED.has(name)) return [];
    const path = join(folder, name);
    const named = relative(root, path).split(sep).join('/');
    return statSync(path).isDirectory() ? [`${named}/`, ...treePaths(root, path)] : [named];
  });
}

/** The paths `markdown` names that match nothing in `tree`, in the order they appear. */
export function missingPaths(markdown: string, tree: readonly string[]): string[] {
  const missing: string[] = [];
  for (const [, span] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const named = span!;
    if (!PATH.test(named) || !(named.includes('/') || EXTENSION.test(named))) continue;
    // Build output, an npm package (`@scope/name`) and a path climbed to (`../`) are not the tree's own.
    if (MADE.some((made) => named.startsWith(made)) || named.startsWith('@') || named.split('/').includes('..')) continue;
    const pattern = named
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*')
      .replace(/<[^>]*>/g, '[^/]+');
    const matches = new RegExp(`(^|/)${pattern}${named.endsWith('/') ? '' : '/?'}$`);
    if (!tree.some((path) => matches.test(path))) missing.push(named);
  }
  return missing;
}
