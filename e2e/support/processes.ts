import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INSTALL } from '../../src/bridge/config/install-paths';
import { runAsPerson } from '../../src/bridge/testing/person-shell';

/** A child process whose output the test can read and wait on. */
export class Proc {
  output = '';
  exitCode: number | null = null;
  private readonly exited: Promise<number | null>;

  constructor(readonly child: ChildProcess) {
    child.stdout?.on('data', (c: Buffer) => (this.output += c.toString('utf8')));
    child.stderr?.on('data', (c: Buffer) => (this.output += c.toString('utf8')));
    this.exited = new Promise((done) =>
      child.once('exit', (code) => {
        this.exitCode = code;
        done(code);
      }),
    );
  }

  async waitFor(pattern: RegExp, timeoutMs = 15000): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = this.output.match(pattern);
      if (match) return match;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; output so far:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  waitForExit(timeoutMs = 10000): Promise<number | null> {
    return Promise.race([this.exited, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('process did not exit')), timeoutMs))]);
  }

  /** SIGTERM, then SIGKILL if it has not exited in time: a hung process never holds up the run. */
  async stop(graceMs = 10000): Promise<number | null> {
    if (this.exitCode !== null) return this.exitCode;
    this.child.kill('SIGTERM');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
    const ended = await Promise.race([this.exited, late]);
    clearTimeout(timer);
    if (ended !== 'late') return ended;
    this.child.kill('SIGKILL');
    return this.exited;
  }
}

/** A private scratch area: config, state and a 0700 socket folder. */
export async function scratch(): Promise<{ root: string; configDir: string; stateDir: string; socketDir: string; cleanup(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'collie-e2e-'));
  const configDir = join(root, 'config');
  const stateDir = join(root, 'state');
  const socketDir = join(root, 'run');
  await mkdir(configDir, { mode: 0o700 });
  await mkdir(socketDir, { mode: 0o700 });
  return {
    root,
    configDir,
    stateDir,
    socketDir, // A real agent's last child (Qwen's session writer) may still be writing as it exits: rm tries again.
    cleanup: () => rm(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }),
  };
}

export function startAgent(demo: string, socket: string): Proc {
  const child = spawn(process.execPath, [INSTALL.demoAgentBin, demo], {
    env: { ...process.env, COLLIE_DURABLE_SOCKET: socket },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Proc(child);
}

export async function writeSources(configDir: string, entries: unknown[]): Promise<void> {
  await writeFile(join(configDir, 'sources.json'), JSON.stringify(entries, null, 2), { mode: 0o600 });
}

/**
 * The real bridge, on a free port; resolves with its address and, while no phone is paired yet,
 * the one-time pairing link it printed (a phone opens it with `pairPhone`, as a person would).
 */
export async function startBridge(
  dirs: { configDir: string; stateDir: string },
  extraArgs: string[] = [],
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ proc: Proc; url: string; link: string | null }> {
  const env: NodeJS.ProcessEnv = { ...process.env, COLLIE_CONFIG_DIR: dirs.configDir, COLLIE_STATE_DIR: dirs.stateDir };
  delete env.COLLIE_MUX;
  delete env.COLLIE_PROGRAMS;
  Object.assign(env, extraEnv);
  const child = spawn(process.execPath, [INSTALL.collieBin, 'start', '--port', '0', ...extraArgs], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = new Proc(child);
  try {
    const match = await proc.waitFor(/Open (https?:\/\/\S+) on your phone/);
    const printed = match[1]!;
    return { proc, url: printed.replace(/#.*$/, ''), link: printed.includes('#pair=') ? printed : null };
  } catch (err) {
    child.kill('SIGKILL'); // the caller never gets this process to stop
    throw err;
  }
}

/** `collie pair …` against the bridge of these folders, from the person's own terminal; resolves with the link it printed. */
export async function collieLink(dirs: { configDir: string; stateDir: string }, args: string[] = []): Promise<string> {
  const { output } = await collie(dirs, ['pair', ...args]);
  const match = /(https?:\/\/\S+#pair=\S+)/.exec(output);
  if (!match) throw new Error(`collie pair printed no link:\n${output}`);
  return match[1]!;
}

/**
 * A collie verb run to its end from the person's own terminal (outside this test's process, which
 * may run agents: runAsPerson), for what it prints and its exit code; `extraEnv` such as a join code (COLLIE_CREW_CODE).
 */
export async function collie(dirs: { configDir: string; stateDir: string }, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; output: string }> {
  const run = await runAsPerson([process.execPath, INSTALL.collieBin, ...args], { COLLIE_CONFIG_DIR: dirs.configDir, COLLIE_STATE_DIR: dirs.stateDir, ...extraEnv }, 20_000);
  return { code: run.code, output: run.stdout + run.stderr };
}
