import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * What Linux's /proc says of sockets: which socket (by inode) listens on a Unix path or a TCP
 * port, and which sockets a process holds. How the control socket tells a process started by a
 * durable agent: one of its parents holds the agent's listening socket (control-caller.ts).
 */
export interface ProcFiles {
  read(path: string): string | null;
  list(path: string): string[];
  link(path: string): string | null;
}

export const realProc: ProcFiles = {
  read: (path) => attempt(() => readFileSync(path, 'utf8')),
  list: (path) => attempt(() => readdirSync(path)) ?? [],
  link: (path) => attempt(() => readlinkSync(path)),
};

function attempt<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/** `/proc/net/unix`'s listening sockets (`__SO_ACCEPTCON` set, state unconnected) bound at one of `paths`, by inode. */
export function unixListeners(paths: ReadonlySet<string>, proc: ProcFiles = realProc): Set<string> {
  const inodes = new Set<string>();
  for (const line of (proc.read('/proc/net/unix') ?? '').split('\n')) {
    // Num: RefCount Protocol Flags Type St Inode Path (the path may hold spaces)
    const match = /^\s*[0-9a-fA-F]+:\s+\S+\s+\S+\s+([0-9a-fA-F]+)\s+\S+\s+(\S+)\s+(\d+) (.+)$/.exec(line);
    if (!match) continue;
    const [, flags, state, inode, path] = match;
    if ((parseInt(flags!, 16) & 0x10000) !== 0 && state === '01' && paths.has(path!)) inodes.add(inode!);
  }
  return inodes;
}

/** `/proc/net/tcp` and `tcp6`'s listening sockets (state 0A) on one of `ports`, by inode. */
export function tcpListeners(ports: ReadonlySet<number>, proc: ProcFiles = realProc): Set<string> {
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (proc.read(file) ?? '').split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== '0A') continue;
      const port = parseInt(fields[1]!.split(':')[1] ?? '', 16);
      if (ports.has(port)) inodes.add(fields[9]!);
    }
  }
  return inodes;
}

/** The socket inodes process `pid` holds open. */
export function socketsOf(pid: number, proc: ProcFiles = realProc): Set<string> {
  const held = new Set<string>();
  for (const fd of proc.list(`/proc/${pid}/fd`)) {
    const target = proc.link(`/proc/${pid}/fd/${fd}`);
    const match = target ? /^socket:\[(\d+)\]$/.exec(target) : null;
    if (match) held.add(match[1]!);
  }
  return held;
}
