import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { CloudExample } from '../dev/cloud-examples';
import { ROOT } from '../dev/toolchain';

/**
 * A free port on 127.0.0.1 for wrangler to take. Below the kernel's ephemeral range: between our
 * check and wrangler's bind, a port from that range can go to any socket opened meanwhile (another
 * workerd's own, in a test running beside), which wrangler then finds in use.
 */
export async function freePort(): Promise<number> {
  const [low] = (await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(() => '32768')).trim().split(/\s+/).map(Number);
  const top = Math.max(11_000, (low ?? 32768) - 1);
  for (let tries = 0; tries < 50; tries += 1) {
    const port = 10_000 + Math.floor(Math.random() * (top - 10_000));
    if (await bindable(port)) return port;
  }
  throw new Error('no free port below the ephemeral range');
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
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
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', PORT: String(env.port), INSPECTOR_PORT: String(await freePort()), COLLIE_CLOUD_STATE: env.state, ...env.vars },
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
      // workerd may outlive the command that started it by a moment, still holding the port: a
      // restart on the same port waits until the port is free again.
      const until = Date.now() + 15_000;
      while (!(await bindable(env.port)) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
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
