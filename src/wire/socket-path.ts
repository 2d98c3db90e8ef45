import { utf8Length } from './utf8';

/** The longest socket path both sides accept (docs/bridge.md §3; sun_path's portable size). */
export const SOCKET_PATH_MAX_BYTES = 103;

/**
 * The socket path rule, one home for the agent kit and the bridge: absolute, at most 103 bytes,
 * and already normal (no empty, `.` or `..` part, no trailing slash), so the path the privacy walk
 * checks is exactly the path that is dialled. Null when fine, else the reason.
 */
export function socketPathProblem(path: string): string | null {
  if (!path.startsWith('/')) return `the socket path must be absolute: ${path}`;
  if (utf8Length(path) > SOCKET_PATH_MAX_BYTES) return `the socket path is over ${SOCKET_PATH_MAX_BYTES} bytes`;
  const parts = path.slice(1).split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return `the socket path must be written plainly (no //, . or ..): ${path}`;
  return null;
}
