import { chmod, lstat, mkdir, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { socketPathProblem } from '../wire/socket-path';

export class SocketSetupError extends Error {}

/**
 * Makes the socket's folder ready: created 0700 when missing, refused when it exists with
 * another mode; a stale socket file is removed; anything else at the path is refused.
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
    await unlink(socketPath); // a stale socket left by a crash
  }
}

export async function restrictSocket(socketPath: string): Promise<void> {
  await chmod(socketPath, 0o600);
}
