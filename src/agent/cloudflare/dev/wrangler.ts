/**
 * `npm run cloud:wrangler -- <args>`: wrangler itself, on the toolchain's Node 22, from
 * src/agent/cloudflare (so `-c desk/wrangler.jsonc` names an example): `deploy`, `secret put`, …
 */
import { spawn } from 'node:child_process';
import { CLOUDFLARE_DIR, wranglerCommand } from './toolchain';

const { command, args, env } = wranglerCommand(process.argv.slice(2));
const child = spawn(command, args, { stdio: 'inherit', env, cwd: CLOUDFLARE_DIR });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
