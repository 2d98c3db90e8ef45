import { execFile, spawn, type ChildProcess } from 'node:child_process';
import Ajv2020 from 'ajv/dist/2020';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSdk, ROOT } from '../../agent/package/build-sdk';
import { tempDir, type TempDir } from '../../agent/testing';
import { startBridge, type RunningBridge } from '../bridge';
import { answerThroughPhone } from '../testing/phone-answer';
import { runCheck } from './run-check';

/**
 * CI does what an outside builder does: packs @colliepwa/durable-sdk, installs the tarball into
 * an empty folder, runs the seed's quick start unchanged with plain `node` against a real bridge
 * (answering its card through the phone API), type-checks the examples with `nodenext`, and runs
 * the example that uses every capability under `collie durable check --writes`.
 */
const EXAMPLES = join(ROOT, 'src', 'agent', 'examples');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

let dir: TempDir;
let app: string;
let tarball: { filename: string; size: number; entryCount: number; files: { path: string }[] };
let child: ChildProcess | undefined;
let bridge: RunningBridge | undefined;

/** The environment a builder's shell has: none of the npm variables `npm test` itself set. */
function builderEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_'))), ...extra };
}

function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env: builderEnv(), timeout: 60000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${command} ${args.join(' ')}: ${stderr || err.message}`)) : resolve(stdout),
    );
  });
}

/** Runs an example from the install folder; resolves once it prints `listening`, with what it printed. */
function startExample(file: string, socket: string): Promise<{ output: () => string; exited: Promise<number | null> }> {
  const proc = spawn(process.execPath, [file], { cwd: app, env: builderEnv({ COLLIE_DURABLE_SOCKET: socket }), stdio: ['ignore', 'pipe', 'pipe'] });
  child = proc;
  let text = '';
  const exited = new Promise<number | null>((resolve) => proc.once('exit', resolve));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (/^listening /m.test(text)) resolve({ output: () => text, exited });
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`${file} exited (${code}) before it listened:\n${text}`)));
  });
}

beforeAll(async () => {
  dir = await tempDir();
  const out = await buildSdk(join(dir.path, 'sdk'));
  const packed = JSON.parse(await run('npm', ['pack', '--json', '--pack-destination', dir.path], out)) as (typeof tarball)[];
  tarball = packed[0]!;
  app = join(dir.path, 'app');
  await mkdir(app);
  await run('npm', ['install', '--no-audit', '--no-fund', '--offline', join(dir.path, tarball.filename)], app);
  for (const example of ['hello.mjs', 'everything.mjs']) await copyFile(join(EXAMPLES, example), join(app, example));
}, 120000);
afterEach(async () => {
  child?.kill('SIGTERM');
  child = undefined;
  await bridge?.close();
  bridge = undefined;
});
afterAll(async () => {
  await dir?.cleanup();
});

describe('@colliepwa/durable-sdk as a builder gets it', () => {
  it('packs only the kit: its bundle and types, the JSON Schemas, a README and a licence', () => {
    const paths = tarball.files.map((f) => f.path).sort();
    const outside = paths.filter(
      (p) =>
        !/^(package\.json|README\.md|LICENSE|dist\/(index|pi|acp|cloudflare|cloudflare-agents|chunk-[A-Z0-9]+)\.js|dist\/types\/(agent|agent\/pi|agent\/acp|agent\/cloudflare|agent\/cloudflare\/agents|agent\/caller|wire)\/[a-z0-9-]+\.d\.ts|schemas\/[a-z-]+(\.schema)?\.json)$/.test(
          p,
        ),
    );
    expect(outside).toEqual([]);
    expect(paths).toEqual(
      expect.arrayContaining(['LICENSE', 'README.md', 'dist/index.js', 'dist/types/agent/kit.d.ts', 'package.json', 'schemas/index.json', 'schemas/snapshot-reply.schema.json']),
    );
    expect(paths.some((p) => /app|bridge|demos|test/.test(p))).toBe(false);
  });

  it('has a ./cloudflare entry: the Durable Object class maker and the Worker that checks the token', async () => {
    const script = `import('@colliepwa/durable-sdk/cloudflare').then(async (m) => { const w = m.collieWorker({ binding: 'X' }); const r = await w.fetch(new Request('https://a/session/v1/hello'), { COLLIE_TOKEN: 't'.repeat(40) }); console.log(typeof m.collieObject, r.status) })`;
    const output = await run(process.execPath, ['--input-type=module', '-e', script], app);
    expect(output.trim()).toBe('function 401');
  });

  it('has a ./cloudflare/agents entry that loads without the Agents SDK installed: withCollie, and a Worker that refuses a wrong token', async () => {
    const script = `import('@colliepwa/durable-sdk/cloudflare/agents').then(async (m) => { const w = m.collieChatWorker({ binding: 'X' }); const r = await w.fetch(new Request('https://a/session/v1/hello'), { COLLIE_TOKEN: 't'.repeat(40) }); console.log(typeof m.withCollie, r.status) })`;
    const output = await run(process.execPath, ['--input-type=module', '-e', script], app);
    expect(output.trim()).toBe('function 401');
  });

  it('has a ./pi entry that loads without Pi installed and says how to install Pi when it is started', async () => {
    const script = `import('@colliepwa/durable-sdk/pi').then((m) => m.openPiAgent({ cwd: '.', dataDir: 'data', socket: 'x.sock' })).catch((err) => console.log(err.name + ': ' + err.message))`;
    const output = await run(process.execPath, ['--input-type=module', '-e', script], app);
    expect(output.trim()).toBe('PiMissing: Pi is not installed: run npm install @mariozechner/pi-coding-agent@0.73.1 (in this project or globally), then start again');
    const manifest = JSON.parse(await readFile(join(app, 'node_modules', '@colliepwa', 'durable-sdk', 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({ peerDependenciesMeta: { '@mariozechner/pi-coding-agent': { optional: true } } });
  });

  it("ships schemas that Ajv's default strict mode compiles once told the keyword by the helper it exports", async () => {
    const pkg = join(app, 'node_modules', '@colliepwa', 'durable-sdk');
    const { addWireKeywords } = (await import(pathToFileURL(join(pkg, 'dist', 'index.js')).href)) as typeof import('../../agent/kit');
    const files = (await readdir(join(pkg, 'schemas'))).filter((file) => file.endsWith('.schema.json'));
    const ajv = addWireKeywords(new Ajv2020());
    for (const file of files) expect(() => ajv.compile(JSON.parse(readFileSync(join(pkg, 'schemas', file), 'utf8')) as object), file).not.toThrow();
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  it('declares no runtime dependency, node >= 20 and its entry, types included', async () => {
    const manifest = JSON.parse(await readFile(join(app, 'node_modules', '@colliepwa', 'durable-sdk', 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: '@colliepwa/durable-sdk', type: 'module', engines: { node: '>=20' }, exports: { '.': { types: './dist/types/agent/kit.d.ts' } } });
    expect(manifest.dependencies).toBeUndefined();
  });

  it('runs the seed’s quick start with plain node: its card answered through the phone API prints answer: yes', async () => {
    const socket = join(dir.path, 'run', 'hello', 'app.sock');
    const hello = await startExample('hello.mjs', socket);
    expect(hello.output()).toContain(`listening ${socket}`);
    bridge = await startBridge({
      sources: [{ name: 'hello', address: { kind: 'socket', path: socket } }],
      durable: true,
      stateDir: join(dir.path, 'state'),
      host: '127.0.0.1',
      port: 0,
      log: () => {},
    });
    const tap = await answerThroughPhone(bridge, 'hello', 'deploy', ['yes'], 'quick-start-1');
    expect(tap.title).toBe('Deploy to staging?');
    expect(tap.json).toMatchObject({ outcome: 'taken' });
    expect(await hello.exited).toBe(0);
    expect(hello.output()).toMatch(/^answer: yes$/m);
  }, 60000);

  it('type-checks both examples with tsc --strict --moduleResolution nodenext', async () => {
    const flags = ['--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--allowJs', '--checkJs', '--noEmit'];
    const types = ['--types', 'node', '--typeRoots', join(ROOT, 'node_modules', '@types')];
    await expect(run(process.execPath, [TSC, ...flags, ...types, 'hello.mjs', 'everything.mjs'], app)).resolves.toBe('');
  }, 60000);

  it('runs the example that uses every capability, which collie durable check --writes passes', async () => {
    const socket = join(dir.path, 'run', 'everything', 'app.sock');
    await startExample('everything.mjs', socket);
    const result = await runCheck({ target: { kind: 'socket', path: socket }, writes: true, waitReadyMs: 2000 });
    expect(result.outcomes.filter((o) => o.outcome.status === 'fail')).toEqual([]);
    const skipped = result.outcomes.filter((o) => o.outcome.status === 'skip').map((o) => o.name);
    // Every cap is declared: only the rules for a token, or for a cap left out, have nothing to check.
    expect(
      skipped.every((name) => /^token:|without cap|503 starting|409 stale|caller check/.test(name)),
      skipped.join('\n'),
    ).toBe(true);
  }, 60000);
});
