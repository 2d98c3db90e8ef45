// Starts a program compiled by node-programs.ts (dist/node/<name>.mjs). Plain JavaScript, so a
// start needs no TypeScript loader. When the build is missing or older than any source it was
// compiled from (someone edited the code since `npm install` or `npm run build`), it is compiled
// again first: a checkout never runs stale code, and only a changed checkout pays for esbuild.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const OUT = join(ROOT, 'dist', 'node');

const mtime = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
};

/** Whether dist/node/ holds program `name`, built after the last change to each of its sources. */
export function isFresh(name, root = ROOT, out = OUT) {
  const built = mtime(join(out, 'inputs.json'));
  if (built === null || mtime(join(out, `${name}.mjs`)) === null) return false;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(join(out, 'inputs.json'), 'utf8')).inputs;
  } catch {
    return false;
  }
  if (!Array.isArray(inputs) || inputs.length === 0) return false;
  return inputs.every((input) => {
    const changed = mtime(join(root, input));
    return changed !== null && changed <= built;
  });
}

export async function launch(name) {
  if (!isFresh(name)) {
    // Only a changed checkout gets here; the build tools are its devDependencies.
    const { tsImport } = await import('tsx/esm/api');
    const { buildNodePrograms } = await tsImport('./node-programs.ts', import.meta.url);
    await buildNodePrograms();
  }
  await import(pathToFileURL(join(OUT, `${name}.mjs`)).href);
}
