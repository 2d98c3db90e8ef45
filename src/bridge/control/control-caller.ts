import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';
import { lineage } from '../../agent/caller/process-tree';
import type { LinkMadeJson } from '../../wire/pairing-json';
import { cleanField } from '../../wire/clean';
import type { AgentSource } from '../config/config';
import { INSTALL } from '../config/install-paths';
import { realProc, socketsOf, tcpListeners, unixListeners, type ProcFiles } from './proc-sockets';

/**
 * Who asked the control socket to change something (docs/bridge.md §10). `person`: a process no
 * attached durable agent started, with what the bridge can say of it (for the pairing card's
 * "link made by"); `agent`: one an agent started, at any depth, or the agent itself, refused;
 * `unknown`: one it could not place (gone, or its pid not read), refused too; `unchecked`: the bridge cannot tell here (not Linux, or no Bun to read the socket's peer).
 */
export type ControlCaller = { place: 'person'; made: MadeBy } | { place: 'agent'; agent: string; pid: number } | { place: 'unknown' } | { place: 'unchecked'; why: string };

/** Where a pairing link was made (the wire's JSON of it). */
export type MadeBy = LinkMadeJson;

export interface CallerCheckEnv {
  platform: NodeJS.Platform;
  /** Bun, which reads a socket's peer (Node cannot), and the program it runs for it. */
  bun: string;
  helper: string;
  proc: ProcFiles;
}

const realEnv = (): CallerCheckEnv => ({ platform: process.platform, bun: INSTALL.bunBin, helper: INSTALL.peerPidMain, proc: realProc });

/** How long the peer's pid may take to read (a Bun start). */
const PEER_MS = 5_000;

/**
 * Places the process at the other end of a control connection: its pid from the kernel (through
 * Bun), then its parents through /proc; a parent that holds the listening socket of an attached
 * agent (its Unix socket, or its port on this machine) makes it that agent's.
 */
export async function placeControlCaller(socket: Socket, agents: readonly AgentSource[], env: CallerCheckEnv = realEnv()): Promise<ControlCaller> {
  if (env.platform !== 'linux') return { place: 'unchecked', why: `the control socket's caller cannot be told on ${env.platform}` };
  if (!existsSync(env.bun)) return { place: 'unchecked', why: `the control socket's caller cannot be told without Bun (${env.bun})` };
  return placePid(await peerPid(socket, env), agents, env.proc);
}

/** Places a caller by its pid: unknown, one of an agent's processes, or the person's. */
export function placePid(pid: number, agents: readonly AgentSource[], proc: ProcFiles): ControlCaller {
  const line = pid > 0 ? lineage(pid, (p) => proc.read(`/proc/${p}/stat`)) : null;
  if (!line) return { place: 'unknown' };
  const owners = listeners(agents, proc);
  for (const at of line) {
    const held = socketsOf(at, proc);
    for (const [inode, agent] of owners) if (held.has(inode)) return { place: 'agent', agent, pid };
  }
  return { place: 'person', made: { by: 'collie pair', pid, command: commandOf(pid, proc), terminal: terminalOf(pid, proc) } };
}

/** Each attached agent's listening sockets on this machine, inode → agent name. */
function listeners(agents: readonly AgentSource[], proc: ProcFiles): Map<string, string> {
  const owners = new Map<string, string>();
  for (const { name, address } of agents) {
    if (address?.kind === 'socket') for (const inode of unixListeners(new Set([address.path]), proc)) owners.set(inode, name);
    const local = address?.kind === 'url' ? localPort(address.url) : null;
    if (local !== null) for (const inode of tcpListeners(new Set([local]), proc)) owners.set(inode, name);
  }
  return owners;
}

/** The port of an agent's URL when it names this machine. */
function localPort(url: string): number | null {
  const parsed = new URL(url);
  if (!['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname)) return null;
  return Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
}

function peerPid(socket: Socket, env: CallerCheckEnv): Promise<number> {
  return new Promise((resolve) => {
    // The connection is the helper's descriptor 3 (its standard streams would be set blocking, and the socket is shared).
    const child = spawn(env.bun, [env.helper], { stdio: ['ignore', 'pipe', 'ignore', socket], timeout: PEER_MS });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', () => resolve(0));
    child.on('close', () => {
      const pid = Number(out.trim());
      resolve(Number.isInteger(pid) && pid > 0 ? pid : 0);
    });
  });
}

function commandOf(pid: number, proc: ProcFiles): string | undefined {
  const raw = proc.read(`/proc/${pid}/cmdline`);
  if (!raw) return undefined;
  return cleanField.line(raw.split('\0').filter(Boolean).join(' ')).text;
}

/** The terminal of `/proc/<pid>/stat`'s tty_nr (Unix98 ptys and virtual consoles), or null for none. */
function terminalOf(pid: number, proc: ProcFiles): string | null {
  const stat = proc.read(`/proc/${pid}/stat`);
  if (!stat) return null;
  const tty = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[4]);
  if (!Number.isInteger(tty) || tty === 0) return null;
  const major = (tty >> 8) & 0xfff;
  const minor = (tty & 0xff) | ((tty >> 12) & 0xfff00);
  if (major >= 136 && major <= 143) return `pts/${(major - 136) * 256 + minor}`;
  if (major === 4) return `tty${minor}`;
  return `tty ${major}:${minor}`;
}
