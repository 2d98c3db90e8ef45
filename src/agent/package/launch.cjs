// Starts a program compiled by node-programs.ts (dist/node/). Plain JavaScript, so a start needs no
// TypeScript loader. When the build is missing or older than any source it was compiled from
// (someone edited the code since `npm install` or `npm run build`), it is compiled again first: a
// checkout never runs stale code, and only a changed checkout pays for esbuild.
// CommonJS, like src/bridge/bin.cjs: Node reaches the first line of a CommonJS file sooner than an
// ES module's (figures: docs/performance.md), which `collie help` answers with (see `requireBuilt`).
// Every start of a program pays for this file, so it stays lean: node:fs only, no exceptions for a
// missing file, plain string paths (the roots are absolute and end without a slash).
'use strict';
const { readFileSync, statSync } = require('node:fs');
const { pathToFileURL } = require('node:url');

const ROOT = require('node:path').resolve(__dirname, '..', '..', '..');
const OUT = `${ROOT}/dist/node`;

const mtime = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? null;

/**
 * Whether dist/node/ holds each of `files`, built after the last change to each of their sources
 * (inputs.json lists each file's own, so `collie help` looks at a dozen sources, not two hundred).
 */
function isFresh(files, root = ROOT, out = OUT) {
  const built = mtime(`${out}/inputs.json`);
  if (built === null || files.some((file) => mtime(`${out}/${file}`) === null)) return false;
  let sources;
  try {
    sources = JSON.parse(readFileSync(`${out}/inputs.json`, 'utf8')).sources;
  } catch {
    return false;
  }
  for (const file of files) {
    const inputs = sources?.[file];
    if (!Array.isArray(inputs) || inputs.length === 0) return false;
    for (const input of inputs) {
      const changed = mtime(`${root}/${input}`);
      if (changed === null || changed > built) return false;
    }
  }
  return true;
}

/** Compiles dist/node/ again unless each of `files` is there and fresh. */
async function ensureBuilt(files) {
  if (isFresh(files)) return;
  // Only a changed checkout gets here; the build tools are its devDependencies.
  const { tsImport } = await import('tsx/esm/api');
  const { buildNodePrograms } = await tsImport('./node-programs.ts', pathToFileURL(__filename).href);
  await buildNodePrograms();
}

/** A CommonJS program of dist/node/ (after `ensureBuilt`), loaded without the ES module loader. */
const requireBuilt = (file) => require(`${OUT}/${file}`);

/** Runs program `name` (dist/node/<name>.mjs), built again first if stale. */
async function launch(name) {
  await ensureBuilt([`${name}.mjs`]);
  await import(pathToFileURL(`${OUT}/${name}.mjs`).href);
}

module.exports = { isFresh, ensureBuilt, requireBuilt, launch };
