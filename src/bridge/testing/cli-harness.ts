/** Helpers for tests that run the real `collie` command as a user does. Not used by the bridge. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { INSTALL } from '../config/install-paths';
import { redeemLink } from './paired';

const BIN = INSTALL.collieBin;
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `collie …` without blocking this process, whose event loop may serve an agent; `input` is its standard input. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}, input?: string): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 30000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
    if (input !== undefined) child.stdin?.end(input);
  });
}

export interface CliProcess {
  child: ChildProcess;
  /** Everything the command printed so far (stdout and stderr). */
  output(): string;
  /** Resolves once the command printed a line matching `pattern`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGTERM (or the signal given), then waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface BridgeProcess extends CliProcess {
  url: string;
  /** The cookie of the phone that paired through the printed link ('' when one was paired before). */
  cookie: string;
}

/** Runs `collie …` as its own process, for verbs that keep running (start, logs -f). */
export function spawnCli(args: string[], env: NodeJS.ProcessEnv = {}): CliProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
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
        else reject(new Error(`collie ${args[0] ?? ''} exited before it printed ${pattern}:\n${text}`));
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`collie ${args[0] ?? ''} did not print ${pattern} within ${timeoutMs} ms:\n${text}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return { child, output: () => text, waitFor, stop };
}

/**
 * `collie start --port 0`, resolved once it prints the `Open http… on your phone` line. While no
 * phone is paired that line is a pairing link: the test's phone redeems it, as a person would, and
 * `cookie` is what that phone then sends. An HTTPS bridge (`--tls-cert`) is trusted through `tls.ca`.
 */
export async function startBridgeProcess(env: NodeJS.ProcessEnv, extraArgs: string[] = [], tls?: { ca: Buffer }): Promise<BridgeProcess> {
  const cli = spawnCli(['start', '--port', '0', ...extraArgs], env);
  let link: string;
  try {
    link = await cli.waitFor(/Open (https?:\/\/\S+) on your phone/);
  } catch (err) {
    await cli.stop();
    throw err;
  }
  const url = link.replace(/#.*$/, '');
  return { ...cli, url, cookie: link.includes('#pair=') ? await redeemLink(link, tls?.ca) : '' };
}
