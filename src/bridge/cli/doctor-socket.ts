import { checkSocketPrivacy } from '../link/socket-privacy';
import { CONNECT_MS, tryConnect } from '../link/try-connect';

export interface CheckResult {
  ok: boolean;
  text: string;
}

/**
 * `durable-socket <name>`: the bridge's own privacy walk, with the failing part and how to fix
 * it; then a bare connect, which tells a stale socket file (left by a crash) from a live agent.
 */
export async function socketCheck(path: string, uid = process.getuid?.()): Promise<CheckResult> {
  const privacy = await checkSocketPrivacy(path, uid);
  if (!privacy.ok && privacy.missing) return { ok: false, text: `${privacy.reason}: start the durable agent` };
  if (!privacy.ok) return { ok: false, text: `${privacy.reason}; fix: ${privacyFix(privacy.reason, path)}` };
  const refused = await connectRefusal(path);
  if (refused) return { ok: false, text: refused };
  return { ok: true, text: `${path} is private and takes connections` };
}

/** The walk's reasons (socket-privacy.ts) each with the one step that fixes them. */
export function privacyFix(reason: string, socketPath: string): string {
  const why = reason.replace(/^socket-not-private: /, '');
  let m: RegExpExecArray | null;
  if ((m = /^(.+) is a symlink$/.exec(why))) return `give the real path, not the link ${m[1]}, to the durable agent and to collie durable attach`;
  if ((m = /^the socket's folder (.+) has mode \d+, not 0700$/.exec(why))) return `chmod 700 ${m[1]}`;
  if ((m = /^the socket's folder (.+) belongs to user \d+, not to \d+$/.exec(why)))
    return `keep the socket in a folder of your own, such as $XDG_RUNTIME_DIR/<agent>/ (not ${m[1]})`;
  if ((m = /^(.+) has mode \d+, so group or others can write to it$/.exec(why))) return `chmod go-w ${m[1]}, or keep the socket under $XDG_RUNTIME_DIR`;
  if ((m = /^(.+) is not a directory$/.exec(why))) return `${m[1]} must be a folder: fix the socket path`;
  if (why === 'the path is not a socket') return `${socketPath} is some other file: remove it, or give the durable agent another path`;
  if (/^the socket belongs to user \d+, not to \d+$/.test(why)) return 'run the durable agent as your own user';
  if (/^the socket has mode \d+, not 0600$/.test(why)) return `chmod 600 ${socketPath}`;
  return 'attach the durable agent with --url and --token-env instead';
}

/** null when the socket takes a connection; else the line saying what is wrong. */
async function connectRefusal(path: string): Promise<string | null> {
  const failure = await tryConnect(path);
  if (failure === null) return null;
  if (failure === 'timeout') return `no connection within ${CONNECT_MS} ms: is the durable agent stuck?`;
  if (failure === 'ECONNREFUSED') return `connection refused: remove ${path} and start the durable agent`;
  return `cannot connect (${failure})`;
}

/**
 * One bare connect to a socket, closed at once: null when it takes the connection, else the
 * error code (`timeout` when it takes longer than the hello deadline). It tells a stale socket
 * file (ECONNREFUSED) or a missing one (ENOENT) from a live agent.
 */
