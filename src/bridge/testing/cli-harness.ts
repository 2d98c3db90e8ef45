/** Helpers for tests that run the real `collie` command as a user does. Not used by the bridge. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `collie …` without blocking this process, whose event loop may serve an agent. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 30000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

export interface BridgeProcess {
  url: string;
  child: ChildProcess;
  /** Everything the bridge printed so far. */
  output(): string;
  /** Resolves once the bridge printed a line matching `pattern`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGTERM, then waits for the exit code. */
  stop(): Promise<number | null>;
}

/** `collie start --port 0`, resolved once it prints the `Open http://… on your phone` line. */
export async function startBridgeProcess(env: NodeJS.ProcessEnv, extraArgs: string[] = []): Promise<BridgeProcess> {
  const child = spawn(process.execPath, [BIN, 'start', '--port', '0', ...extraArgs], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const waiter of waiters) waiter();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      resolve(code);
      for (const waiter of waiters) waiter();
    }),
  );
  const waitFor = (pattern: RegExp, timeoutMs = 15000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(text);
        const gone = child.exitCode !== null || child.signalCode !== null;
        if (!match && !gone) return;
        waiters.delete(check);
        clearTimeout(timer);
        if (match) resolve(match[1] ?? match[0]);
        else reject(new Error(`the bridge exited before it printed ${pattern}:\n${text}`));
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`the bridge did not print ${pattern} within ${timeoutMs} ms:\n${text}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  let url: string;
  try {
    url = await waitFor(/Open (http:\/\/\S+) on your phone/);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, child, output: () => text, waitFor, stop };
}
