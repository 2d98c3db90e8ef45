import { readFileSync } from 'node:fs';

/** Reads `/proc/<pid>/stat`, or null when the process is gone (or there is no /proc). */
export type StatReader = (pid: number) => string | null;

export const procStat: StatReader = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
};

/** The parent pid in a `/proc/<pid>/stat` line: the field after the state, past the command's parentheses (which may hold anything). */
export function parentOf(stat: string): number | null {
  const close = stat.lastIndexOf(')');
  if (close < 0) return null;
  const [, ppid] = stat
    .slice(close + 2)
    .trim()
    .split(' ');
  const parsed = Number(ppid);
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : null;
}

/** How a caller stands to the agent: the agent itself, a process it started (at any depth), another process, or one it cannot place. */
export type CallerPlace = 'self' | 'descendant' | 'other' | 'unknown';

/** Deeper than any real process tree: a loop in what /proc says ends here as unknown. */
const MAX_DEPTH = 4096;

/**
 * Places the process `pid` against the agent `self` by walking its parents through /proc. A pid
 * of 0 (the kernel could not say), a process gone before it was read, or a walk that does not end
 * is `unknown`; so is anything the walk cannot read.
 */
export function placeCaller(pid: number, self: number, read: StatReader = procStat): CallerPlace {
  if (!Number.isInteger(pid) || pid <= 0) return 'unknown';
  if (pid === self) return 'self';
  let at = pid;
  for (let depth = 0; depth < MAX_DEPTH; depth += 1) {
    const stat = read(at);
    if (stat === null) return 'unknown';
    const parent = parentOf(stat);
    if (parent === null) return 'unknown';
    if (parent === self) return 'descendant';
    if (parent <= 1) return 'other';
    at = parent;
  }
  return 'unknown';
}

/**
 * The process `pid` and its parents up to (not including) init, nearest first; null when any of
 * them cannot be read (gone, no /proc) or the walk does not end. What the bridge's control socket
 * asks of a caller: whether a durable agent is among them.
 */
export function lineage(pid: number, read: StatReader = procStat): number[] | null {
  if (!Number.isInteger(pid) || pid <= 1) return null;
  const line: number[] = [];
  for (let at = pid; at > 1 && line.length < MAX_DEPTH;) {
    const stat = read(at);
    const parent = stat === null ? null : parentOf(stat);
    if (parent === null) return null;
    line.push(at);
    at = parent;
  }
  return line.length < MAX_DEPTH ? line : null;
}
