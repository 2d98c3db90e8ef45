/**
 * The programs the checkout runs under Node, compiled once at build time so no TypeScript loader
 * runs at their start (`collie help` paid ~0.6 s for one): each is one ES module in dist/node/,
 * bundled by esbuild from its entry with the packages in node_modules left as imports, beside a
 * list of the source files they were built from (what `launch.mjs` reads to see whether they are
 * stale).
 * `npm install` (prepare) and `npm run build` run it; the SDK's build shares `bundleOptions`.
 */
import { build, type BuildOptions } from 'esbuild';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..', '..');
export const NODE_OUT = join(ROOT, 'dist', 'node');

/** Each program by the name its file gets in dist/node/, and its entry. */
export const NODE_PROGRAMS = {
  /** The `collie` command (src/bridge/bin.mjs). */
  collie: 'src/bridge/cli/cli.ts',
  /** A bundled demo agent (src/agent/bin.mjs), which the bridge's `--demo` starts. */
  'demo-agent': 'src/agent/run-demo.ts',
  /** Pi as a durable agent under Node (src/agent/pi/bin.mjs); under Bun, Bun runs the source itself. */
  'pi-agent': 'src/agent/pi/run-pi.ts',
} as const;
export type NodeProgram = keyof typeof NODE_PROGRAMS;

/** Pi is the builder's own install (an optional peer); Bun's FFI exists only under Bun. */
export const LEFT_AS_IMPORTS = ['@mariozechner/pi-coding-agent', 'bun:ffi'];

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

/** The file a program is compiled to. */
export const builtFile = (name: NodeProgram, out = NODE_OUT) => join(out, `${name}.mjs`);
/** The list of the sources the programs were compiled from, written last: its time is the build's. */
export const inputsFile = (out = NODE_OUT) => join(out, 'inputs.json');

/**
 * Compiles every program in one pass. What a verb loads on demand (`await import(…)`) is a chunk
 * of its own, so `collie help` loads neither the bridge nor the Node modules it needs (https,
 * zlib, crypto…). Each file is written to a temporary name and renamed into place, chunks first
 * and the inputs list last, so a program starting meanwhile, or a second build racing this one,
 * never reads half a file. Chunk names carry their content's hash: a bridge still running an
 * older build keeps finding the chunks it loads later, as a rebuild removes only chunks of builds
 * an hour old (a clean `npm run build` removes them all).
 */
export async function buildNodePrograms(out = NODE_OUT, { clean = false } = {}): Promise<void> {
  if (clean) await rm(out, { recursive: true, force: true });
  const result = await build({
    ...bundleOptions,
    entryPoints: Object.fromEntries(Object.entries(NODE_PROGRAMS).map(([name, entry]) => [name, join(ROOT, entry)])),
    outdir: out,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    // node_modules stay where npm put them; only the project's own sources are compiled in.
    packages: 'external',
    absWorkingDir: ROOT,
    write: false,
    metafile: true,
  });
  const entries = new Set(Object.keys(NODE_PROGRAMS).map((name) => builtFile(name as NodeProgram, out)));
  const files = [...result.outputFiles].sort((a, b) => Number(entries.has(a.path)) - Number(entries.has(b.path)));
  const stamp = `${process.pid}-${Date.now()}`;
  for (const file of files) await writeInPlace(file.path, file.contents, stamp);
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('node_modules/'));
  await writeInPlace(inputsFile(out), `${JSON.stringify({ programs: NODE_PROGRAMS, inputs })}\n`, stamp);
  await pruneChunks(join(out, 'chunks'), new Set(files.map((file) => file.path)));
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
  console.log(`compiled ${Object.keys(NODE_PROGRAMS).join(', ')} into ${relative(process.cwd(), NODE_OUT)}`);
}
