/**
 * Builds `@colliepwa/durable-sdk` from the kit's one entry (src/agent/kit.ts) and the Pi entry
 * (src/agent/pi/index.ts, the `./pi` export): plain ES modules bundled by esbuild as the checkout's
 * own programs are (node-programs.ts; the kit's parts of src/wire included, Node's own modules and
 * Pi left as imports),
 * `.d.ts` types emitted by tsc with specifiers a `nodenext` reader resolves, the JSON Schemas
 * (src/wire/schema), the package's README and licence. `npm run build:sdk [out]`.
 */
import { build } from 'esbuild';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { schemaDocuments } from '../../wire/schema/documents';
import { bundleOptions } from './node-programs';

const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = join(HERE, '..', '..', '..');
const ENTRY = join(ROOT, 'src', 'agent', 'kit.ts');
/** `@colliepwa/durable-sdk/pi`: the Pi entry point, with Pi left to the builder's own install (an optional peer). */
const PI_ENTRY = join(ROOT, 'src', 'agent', 'pi', 'index.ts');
/** `@colliepwa/durable-sdk/acp`: the ACP host, which speaks the protocol itself (no peer). */
const ACP_ENTRY = join(ROOT, 'src', 'agent', 'acp', 'index.ts');
/** `@colliepwa/durable-sdk/cloudflare`: the kit in a Durable Object, and the Worker that checks the token before it. */
const CLOUDFLARE_ENTRY = join(ROOT, 'src', 'agent', 'cloudflare', 'index.ts');
/** `@colliepwa/durable-sdk/cloudflare/agents`: an Agents SDK chat agent on the phone, the SDK left to the builder's install. */
const CLOUDFLARE_AGENTS_ENTRY = join(ROOT, 'src', 'agent', 'cloudflare', 'agents', 'index.ts');
export const DEFAULT_OUT = join(ROOT, 'dist', 'durable-sdk');

/**
 * The kit's sources use extensionless relative imports (the repository resolves as a bundler
 * does); a package read under `nodenext` needs `./x.js`. Only `.d.ts` files are rewritten: the
 * JavaScript is one bundled file with no relative import left.
 */
export function withJsSpecifiers(text: string): string {
  return text.replace(/((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+?)\2/g, (_match, lead: string, quote: string, spec: string) =>
    /\.(js|json)$/.test(spec) ? `${lead}${quote}${spec}${quote}` : `${lead}${quote}${spec}.js${quote}`,
  );
}

async function bundle(out: string): Promise<void> {
  const result = await build({
    ...bundleOptions,
    entryPoints: { index: ENTRY, pi: PI_ENTRY, acp: ACP_ENTRY, cloudflare: CLOUDFLARE_ENTRY, 'cloudflare-agents': CLOUDFLARE_AGENTS_ENTRY },
    outdir: join(out, 'dist'),
    // The kit the entries share is one chunk, so the Pi and ACP entries' agents are the kit's own.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    metafile: true,
  });
  // The package carries the kit and the wire rules it uses, nothing of the bridge or the app.
  const outside = Object.keys(result.metafile.inputs).filter((input) => !/^src\/(agent|wire)\//.test(input));
  if (outside.length > 0) throw new Error(`the SDK bundle would hold ${outside.join(', ')}`);
}

function declarations(out: string): void {
  const options: ts.CompilerOptions = {
    declaration: true,
    emitDeclarationOnly: true,
    stripInternal: true,
    rootDir: join(ROOT, 'src'),
    outDir: join(out, 'dist', 'types'),
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts'],
    types: ['node'],
    strict: true,
    skipLibCheck: true,
  };
  const program = ts.createProgram([ENTRY, PI_ENTRY, ACP_ENTRY, CLOUDFLARE_ENTRY, CLOUDFLARE_AGENTS_ENTRY], options);
  const result = program.emit(undefined, (file, text) => ts.sys.writeFile(file, withJsSpecifiers(text)));
  const problems = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics];
  if (result.emitSkipped || problems.length > 0) {
    throw new Error(ts.formatDiagnostics(problems, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' }));
  }
}

async function schemas(out: string): Promise<void> {
  await mkdir(join(out, 'schemas'), { recursive: true });
  for (const [file, document] of Object.entries(schemaDocuments())) await writeFile(join(out, 'schemas', file), `${JSON.stringify(document, null, 2)}\n`);
}

/** Builds the package folder (replacing what is there) and returns its path. */
export async function buildSdk(out: string = DEFAULT_OUT): Promise<string> {
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  await bundle(out);
  declarations(out);
  await schemas(out);
  const manifest = JSON.parse(await readFile(join(HERE, 'sdk-package.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await copyFile(join(HERE, 'README.md'), join(out, 'README.md'));
  await copyFile(join(HERE, 'LICENSE'), join(out, 'LICENSE'));
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = process.argv[2] ? join(process.cwd(), process.argv[2]) : DEFAULT_OUT;
  await buildSdk(out);
  console.log(`built @colliepwa/durable-sdk in ${relative(process.cwd(), out) || '.'}`);
}
