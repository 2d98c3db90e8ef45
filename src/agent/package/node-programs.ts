/**
 * The programs the checkout runs under Node, compiled once at build time so no TypeScript loader
 * runs at their start (the loader was most of `collie help`'s time; figures: docs/performance.md):
 * each is one ES module in dist/node/, bundled by esbuild from its entry with the packages in
 * node_modules left as imports, beside a list of the source files each was built from (what
 * `launch.cjs` reads to see whether one is stale).
 * `npm install` (prepare) and `npm run build` run it; the SDK's build shares `bundleOptions`.
 */
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..', '..');
export const NODE_OUT = join(ROOT, 'dist', 'node');

/** Each program by the name its file gets in dist/node/, and its entry. */
export const NODE_PROGRAMS = {
  /** The `collie` command (src/bridge/bin.cjs). */
  collie: 'src/bridge/cli/cli.ts',
  /** A bundled demo agent (src/agent/bin.mjs), which the bridge's `--demo` starts. */
  'demo-agent': 'src/agent/run-demo.ts',
  /** Pi as a durable agent under Node (src/agent/pi/bin.mjs); under Bun, Bun runs the source itself. */
  'pi-agent': 'src/agent/pi/run-pi.ts',
  /** An ACP agent's host under Node (src/agent/acp/bin.mjs); under Bun, Bun runs the source itself. */
  'acp-agent': 'src/agent/acp/run-acp.ts',
} as const;
export type NodeProgram = keyof typeof NODE_PROGRAMS;

/**
 * Modules compiled to CommonJS (dist/node/<name>.cjs), which a CommonJS bin loads without starting
 * Node's ES module loader, a cost every start would pay (figures: docs/performance.md).
 */
export const COMMONJS_MODULES = {
  /** What src/bridge/bin.cjs reads the command line with, answering `collie help` and `--version` itself. */
  'collie-words': 'src/bridge/cli/read-command-line.ts',
} as const;

/** Pi and the Agents SDK are the builder's own installs (optional peers); Bun's FFI exists only under Bun. */
export const LEFT_AS_IMPORTS = ['@mariozechner/pi-coding-agent', 'agents', 'bun:ffi'];

/** How every Node bundle of the project is made: the programs here and the SDK's package. */
export const bundleOptions: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: LEFT_AS_IMPORTS,
  legalComments: 'none',
  logLevel: 'silent',
};

/** The file a program or a CommonJS module is compiled to. */
export const builtFile = (name: NodeProgram | keyof typeof COMMONJS_MODULES, out = NODE_OUT) => join(out, Object.hasOwn(COMMONJS_MODULES, name) ? `${name}.cjs` : `${name}.mjs`);
/** The list of the sources the programs were compiled from, written last: its time is the build's. */
export const inputsFile = (out = NODE_OUT) => join(out, 'inputs.json');

/**
 * Compiles every program in one pass (and the CommonJS modules beside them). What a verb loads on demand (`await import(…)`) is a chunk
 * of its own, so `collie help` loads neither the bridge nor the Node modules it needs (https,
 * zlib, crypto…). Each file is written to a temporary name and renamed into place, chunks first
 * and the inputs list last, so a program starting meanwhile, or a second build racing this one,
 * never reads half a file. Chunk names carry their content's hash: a bridge still running an
 * older build keeps finding the chunks it loads later, as a rebuild removes only chunks of builds
 * an hour old (a clean `npm run build` removes them all).
 */
export async function buildNodePrograms(out = NODE_OUT, { clean = false } = {}): Promise<void> {
  if (clean) await rm(out, { recursive: true, force: true });
  // node_modules stay where npm put them; only the project's own sources are compiled in.
  const common = { ...bundleOptions, packages: 'external', absWorkingDir: ROOT, write: false, metafile: true } as const;
  const [programs, commonJs] = await Promise.all([
    build({
      ...common,
      entryPoints: Object.fromEntries(Object.entries(NODE_PROGRAMS).map(([name, entry]) => [name, join(ROOT, entry)])),
      outdir: out,
      outExtension: { '.js': '.mjs' },
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
    }),
    build({
      ...common,
      entryPoints: Object.fromEntries(Object.entries(COMMONJS_MODULES).map(([name, entry]) => [name, join(ROOT, entry)])),
      outdir: out,
      outExtension: { '.js': '.cjs' },
      format: 'cjs',
      // A module finds the checkout's files from where it runs (install-paths.ts): the file's own URL.
      define: { 'import.meta.url': '__moduleUrl' },
      banner: { js: "const __moduleUrl = require('node:url').pathToFileURL(__filename).href;" },
    }),
  ]);
  const entries = new Set(Object.keys(NODE_PROGRAMS).map((name) => builtFile(name as NodeProgram, out)));
  const files = [...commonJs.outputFiles, ...programs.outputFiles].sort((a, b) => Number(entries.has(a.path)) - Number(entries.has(b.path)));
  const stamp = `${process.pid}-${Date.now()}`;
  for (const file of files) await writeInPlace(file.path, file.contents, stamp);
  const sources = { ...sourcesOf(programs.metafile, out), ...sourcesOf(commonJs.metafile, out) };
  await writeInPlace(inputsFile(out), `${JSON.stringify({ programs: NODE_PROGRAMS, commonJs: COMMONJS_MODULES, sources })}\n`, stamp);
  await pruneChunks(join(out, 'chunks'), new Set(files.map((file) => file.path)));
}

/**
 * For each file a bin starts (a program or a CommonJS module, by its name in dist/node/), the
 * sources it was compiled from: its own and those of every chunk it loads, at once or on demand.
 * `collie help` then looks at the few sources of collie-words.cjs, not at the whole bridge's.
 */
function sourcesOf(metafile: Metafile, out: string): Record<string, string[]> {
  const sources: Record<string, string[]> = {};
  for (const path of Object.keys(metafile.outputs)) {
    const name = relative(out, join(ROOT, path));
    // A module loaded on demand is an entry point to esbuild too, but no bin starts it.
    if (name.startsWith('chunks/') || name.endsWith('.map')) continue;
    const seen = new Set<string>();
    const files = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || !metafile.outputs[file]) return;
      seen.add(file);
      for (const input of Object.keys(metafile.outputs[file].inputs)) if (!input.startsWith('node_modules/')) files.add(input);
      for (const imported of metafile.outputs[file].imports) if (!imported.external) visit(imported.path);
    };
    visit(path);
    sources[name] = [...files].sort();
  }
  return sources;
}

/** A chunk of an older build outlives it this long: a program that started from that build may still load it. */
const OLD_CHUNK_MS = 60 * 60 * 1000;

/** Each rebuild leaves the chunks that changed behind; the ones no program started in the last hour can need go. */
async function pruneChunks(folder: string, current: ReadonlySet<string>): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(folder).catch(() => [])) {
    const path = join(folder, name);
    if (current.has(path)) continue;
    const changed = (await stat(path).catch(() => null))?.mtimeMs;
    if (changed !== undefined && now - changed > OLD_CHUNK_MS) await rm(path, { force: true });
  }
}

async function writeInPlace(path: string, contents: Uint8Array | string, stamp: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${stamp}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, path);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildNodePrograms(NODE_OUT, { clean: true });
  console.log(`compiled ${[...Object.keys(NODE_PROGRAMS), ...Object.keys(COMMONJS_MODULES)].join(', ')} into ${relative(process.cwd(), NODE_OUT)}`);
}
