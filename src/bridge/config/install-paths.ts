import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's root: the nearest folder above this module holding a package.json. Found, not
 * counted in `../`, because this module runs both from its source (src/bridge/config/) and
 * compiled into a chunk of dist/node/ (see src/agent/package/node-programs.ts).
 */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return dir;
}

const ROOT = findRoot();

/** The files of the checkout the bridge reads or starts, each named once. */
export const INSTALL = {
  root: ROOT,
  packageJson: join(ROOT, 'package.json'),
  /** The phone app as `vite build` leaves it. */
  appDir: join(ROOT, 'dist', 'app'),
  /** The `collie` command. */
  collieBin: join(ROOT, 'src', 'bridge', 'bin.cjs'),
  /** The bundled demo agents' command. */
  demoAgentBin: join(ROOT, 'src', 'agent', 'bin.mjs'),
  /** Pi as a durable agent: the command under Node, and the source Bun runs itself. */
  piBin: join(ROOT, 'src', 'agent', 'pi', 'bin.mjs'),
  piMain: join(ROOT, 'src', 'agent', 'pi', 'run-pi.ts'),
  /** An ACP agent's host: the command under Node, and the source Bun runs itself. */
  acpBin: join(ROOT, 'src', 'agent', 'acp', 'bin.mjs'),
  acpMain: join(ROOT, 'src', 'agent', 'acp', 'run-acp.ts'),
  /** The Bun program that reads a control connection's peer (Node cannot). */
  peerPidMain: join(ROOT, 'src', 'bridge', 'control', 'peer-pid.ts'),
  /** Bun as the project pins it (a devDependency). */
  bunBin: join(ROOT, 'node_modules', '.bin', 'bun'),
} as const;
