/**
 * A headless Chromium of its own with a DevTools port on loopback, for Lighthouse (which drives a
 * browser through its port, not Playwright's pipe), in a throwaway profile.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_FLAGS } from './phone';

export interface DevtoolsChromium {
  port: number;
  close(): Promise<void>;
}

export async function openDevtoolsChromium(timeoutMs = 20000): Promise<DevtoolsChromium> {
  const profile = await mkdtemp(join(tmpdir(), 'collie-lh-'));
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, '--headless', '--remote-debugging-address=127.0.0.1', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(profile, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let said = '';
      const timer = setTimeout(() => reject(new Error(`Chromium printed no DevTools port within ${timeoutMs} ms:\n${said}`)), timeoutMs);
      child.stderr?.on('data', (c: Buffer) => {
        said += c.toString('utf8');
        const match = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(said);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before it listened:\n${said}`)));
    });
    return { port, close };
  } catch (err) {
    await close();
    throw err;
  }
}
