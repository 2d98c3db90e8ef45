import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CloudExample } from '../dev/cloud-examples';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/** A free port on 127.0.0.1 (asked of the kernel, then let go for wrangler to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** `npm run cloud:dev` as a test starts it: its own process group, its output kept. */
export interface CloudRun {
  url: string;
  output(): string;
  /** SIGTERM to its process group, as the README says; resolves once every process of it is gone. */
  stop(): Promise<void>;
}

export async function startCloudDev(example: CloudExample, env: { port: number; state: string; vars: NodeJS.ProcessEnv }, readyMs = 90_000): Promise<CloudRun> {
  const child: ChildProcess = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'src', 'agent', 'cloudflare', 'dev', 'cloud-dev.ts'), example], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Plain lines to read (a test runner may ask its children for colours).
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', PORT: String(env.port), COLLIE_CLOUD_STATE: env.state, ...env.vars },
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const run: CloudRun = {
    url: `http://127.0.0.1:${env.port}`,
    output: () => output,
    async stop() {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return; // already gone
      }
      const late = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }, 15_000);
      await exited;
      clearTimeout(late);
    },
  };
  const deadline = Date.now() + readyMs;
  while (!/Ready on http/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await run.stop();
      throw new Error(`cloud:dev did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return run;
}
