import { lstat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { dirname } from 'node:path';
import { socketPathProblem } from '../../wire/socket-path';

/** `missing` is no privacy error: the agent may simply not be running (yet). */
export type PrivacyResult = { ok: true } | { ok: false; reason: string; missing?: true };

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');

/**
 * The privacy walk before every connect (docs/bridge.md §3): from `/` down with lstat, never
 * following a link. Every part is no symlink; folders above the socket's are not writable by
 * group or others unless sticky; the socket's folder is ours with mode 0700; the socket is a
 * socket, ours, with no group or other bits.
 */
export async function checkSocketPrivacy(socketPath: string, uid = process.getuid?.()): Promise<PrivacyResult> {
  const refuse = (why: string): PrivacyResult => ({ ok: false, reason: `socket-not-private: ${why}` });
  if (uid === undefined) return refuse('this platform shows no file owner');
  // Only a plain absolute path: the path walked must be exactly the path dialled.
  const problem = socketPathProblem(socketPath);
  if (problem) return refuse(problem);
  const folder = dirname(socketPath);
  // Every folder from the root down, the root included, then the socket itself.
  const parts = socketPath.slice(1).split('/');
  const paths = ['/', ...parts.map((_, i) => `/${parts.slice(0, i + 1).join('/')}`)];
  for (const [index, path] of paths.entries()) {
    let stat: Stats;
    try {
      stat = await lstat(path);
    } catch {
      return { ok: false, reason: `no socket at ${socketPath}`, missing: true };
    }
    if (stat.isSymbolicLink()) return refuse(`${path} is a symlink`);
    if (index === paths.length - 1) {
      if (!stat.isSocket()) return refuse('the path is not a socket');
      if (stat.uid !== uid) return refuse(`the socket belongs to user ${stat.uid}, not to ${uid}`);
      if ((stat.mode & 0o077) !== 0) return refuse(`the socket has mode ${octal(stat.mode)}, not 0600`);
    } else if (!stat.isDirectory()) {
      return refuse(`${path} is not a directory`);
    } else if (path === folder) {
      if (stat.uid !== uid) return refuse(`the socket's folder ${path} belongs to user ${stat.uid}, not to ${uid}`);
      if ((stat.mode & 0o777) !== 0o700) return refuse(`the socket's folder ${path} has mode ${octal(stat.mode)}, not 0700`);
    } else if ((stat.mode & 0o022) !== 0 && (stat.mode & 0o1000) === 0) {
      return refuse(`${path} has mode ${octal(stat.mode)}, so group or others can write to it`);
    }
  }
  return { ok: true };
}
