import { NODE_LINE } from '../../agent/caller/caller-check';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { INSTALL } from '../config/install-paths';
import { privateFolder } from '../fs/state-dir';

const AGENT_BIN = INSTALL.demoAgentBin;
const START_TIMEOUT_MS = 15000;

export interface DemoAgent {
  name: string;
  socket: string;
  /** Resolves once it said it listens; rejects when it exits first or is not up in START_TIMEOUT_MS. */
  listening: Promise<void>;
  /** SIGTERM; resolves once it exited (it saves its data folder first), or after STOP_WAIT_MS. */
  stop(): Promise<void>;
}

/** How long a stopping bridge waits for its demo agent to save and exit. */
const STOP_WAIT_MS = 5000;

/**
 * Starts a bundled demo agent as its own process on a private socket in the state folder, and
 * returns once it is spawned: the bridge starts meanwhile (`listening` says when the agent is up).
 * The bridge meets it only on the wire, as it meets any agent.
 */
export async function startDemoAgent(stateDir: string, demo: string, log: (line: string) => void): Promise<DemoAgent> {
  const folder = await privateFolder(join(stateDir, 'demo'));
  const socket = join(folder, `${demo}.sock`);
  const child = spawn(process.execPath, [AGENT_BIN, demo, '--repeat', '--data', join(folder, `${demo}-data`)], {
    env: { ...process.env, COLLIE_DURABLE_SOCKET: socket },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its Node start line (no caller check) is said once, by collie doctor, not at every start.
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = chunk
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .filter((line) => line !== NODE_LINE);
    if (lines.length > 0) log(lines.join('\n'));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const listening = waitForListening(child, demo).then(() => {
    child.stdout?.on('data', (chunk: Buffer) => log(`[demo ${demo}] ${chunk.toString('utf8').trimEnd()}`));
  });
  listening.catch(() => {}); // met by whoever awaits it; never an unhandled rejection meanwhile
  return {
    name: demo,
    socket,
    listening,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(timer);
    },
  };
}

function waitForListening(child: ChildProcess, demo: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`the ${demo} demo agent did not start`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (/^listening /m.test(seen)) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the ${demo} demo agent exited (${code})`));
    });
  });
}
