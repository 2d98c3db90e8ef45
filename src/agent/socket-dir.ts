import { chmod, lstat, mkdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { dirname } from 'node:path';
import { socketPathProblem } from '../wire/socket-path';

export class SocketSetupError extends Error {}

/** How long a connect to an existing socket may take before it counts as a live listener. */
const PROBE_MS = 1000;

/**
 * Makes the socket's folder ready: created 0700 when missing, refused when it exists with
 * another mode; a stale socket file is removed; a live agent's socket and anything else at the
 * path are refused.
 */
export async function prepareSocketPath(socketPath: string): Promise<void> {
  const problem = socketPathProblem(socketPath);
  if (problem) throw new SocketSetupError(problem);
  const folder = dirname(socketPath);
  const folderStat = await lstat(folder).catch(() => null);
  if (!folderStat) {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    await chmod(folder, 0o700); // the umask may have narrowed nothing, but never widened: make it exact
  } else if (!folderStat.isDirectory()) {
    throw new SocketSetupError(`${folder} is not a directory`);
  } else if ((folderStat.mode & 0o777) !== 0o700) {
    const mode = (folderStat.mode & 0o777).toString(8).padStart(4, '0');
    throw new SocketSetupError(`the socket's folder ${folder} has mode ${mode}, not 0700`);
  }
  const existing = await lstat(socketPath).catch(() => null);
  if (existing) {
    if (!existing.isSocket()) throw new SocketSetupError(`${socketPath} exists and is not a socket`);
    // Unlinking a live agent's socket would cut it off from the bridge without it knowing.
    if (await someoneListens(socketPath)) {
      throw new SocketSetupError(`a durable agent already answers at ${socketPath}: stop it first, or give this one another socket path`);
    }
    await rm(socketPath, { force: true }); // a stale socket left by a crash
  }
}

/**
 * False only when a connect is refused (ECONNREFUSED: a socket file nobody listens on) or the
 * file is gone. Any other outcome, a stuck listener included, may be a live agent: it counts as one.
 */
function someoneListens(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ path: socketPath });
    const done = (listening: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(listening);
    };
    const timer = setTimeout(() => done(true), PROBE_MS);
    socket.once('connect', () => done(true));
    socket.once('error', (err: NodeJS.ErrnoException) => done(err.code !== 'ECONNREFUSED' && err.code !== 'ENOENT'));
  });
}

export async function restrictSocket(socketPath: string): Promise<void> {
  await chmod(socketPath, 0o600);
}
