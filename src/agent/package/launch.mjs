// Starts a program compiled by node-programs.ts (dist/node/<name>.mjs). Plain JavaScript, so a
// start needs no TypeScript loader. When the build is missing or older than any source it was
// compiled from (someone edited the code since `npm install` or `npm run build`), it is compiled
// again first: a checkout never runs stale code, and only a changed checkout pays for esbuild.
// Every start of `collie` pays for this file, so it stays lean: node:fs and node:url only, no exceptions for a
// missing file, plain string paths (the roots are absolute and end without a slash).
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');
const OUT = `${ROOT}/dist/node`;

const mtime = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? null;

/** Whether dist/node/ holds program `name`, built after the last change to each of its sources. */
export function isFresh(name, root = ROOT, out = OUT) {
  const built = mtime(`${out}/inputs.json`);
  if (built === null || mtime(`${out}/${name}.mjs`) === null) return false;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(`${out}/inputs.json`, 'utf8')).inputs;
  } catch {
    return false;
  }
  if (!Array.isArray(inputs) || inputs.length === 0) return false;
  for (const input of inputs) {
    const changed = mtime(`${root}/${input}`);
    if (changed === null || changed > built) return false;
  }
  return true;
}

export async function launch(name) {
  if (!isFresh(name)) {
    // Only a changed checkout gets here; the build tools are its devDependencies.
    const { tsImport } = await import('tsx/esm/api');
    const { buildNodePrograms } = await tsImport('./node-programs.ts', import.meta.url);
    await buildNodePrograms();
  }
  await import(new URL(`../../../dist/node/${name}.mjs`, import.meta.url).href);
}
