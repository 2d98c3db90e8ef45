import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { CliIo } from '../conformance/usage-error';
import { INSTALL } from '../config/install-paths';
import { bridgePaths } from '../config/paths';
import { attachSource, readSourcesFile } from '../config/sources-file';
import { privateFolder } from '../fs/state-dir';
import { tryConnect } from '../link/try-connect';
import { restartBridge, restartLine } from './running-bridge';

/**
 * An agent `collie` starts as a process of its own (not the bridge's child: restarting either
 * leaves the other running), on a private socket in `<state>/<kind>/<name>/`: `collie pi` and
 * `collie acp`. The one way each is started (under Bun when it is here, for the caller check),
 * attached, found running, and stopped.
 */
export interface HostedKind {
  /** Its folder under the state folder, and the verb's name (`pi`, `acp`). */
  kind: 'pi' | 'acp';
  /** What it is, in a sentence ("Pi", "the ACP agent"). */
  words: string;
  /** The program under Node (compiled), and the source Bun runs itself. */
  bin: string;
  main: string;
}

/** Pi takes a moment to load (its providers' libraries); an ACP host, its agent's start: each is given this long to listen. */
const START_WAIT_MS = 30_000;
const POLL_MS = 100;

/** Where one hosted agent keeps its socket, data, log and pid, in the bridge's state folder. */
export function hostedFolder(stateDir: string, kind: HostedKind['kind'], name: string) {
  const folder = join(stateDir, kind, name);
  return { folder, socket: join(folder, 'agent.sock'), data: join(folder, 'data'), log: join(folder, 'agent.log'), pid: join(folder, 'agent.pid') };
}
export type HostedFolder = ReturnType<typeof hostedFolder>;

/**
 * How the agent is started: under Bun when it is here (Bun runs the TypeScript itself, and on
 * Linux refuses answers from the agent's own tools: WIRE.md §17), else under Node, which cannot
 * check callers and says so in the agent's log.
 */
export function hostedLauncher(kind: HostedKind, bunPresent: boolean = existsSync(INSTALL.bunBin)): { command: string; args: string[]; runtime: 'bun' | 'node' } {
  return bunPresent ? { command: INSTALL.bunBin, args: [kind.main], runtime: 'bun' } : { command: process.execPath, args: [kind.bin], runtime: 'node' };
}

/** Whether the process runs: a zombie (killed, not yet reaped by whoever inherited it) does not. */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = readStat(pid);
  return stat === null || !/^\d+ \(.*\) Z/s.test(stat);
};

function readStat(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // no /proc (macOS): kill(0) is all there is to know
  }
}

export async function runningPid(pidFile: string): Promise<number | null> {
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
}

/**
 * Starts it (unless it runs already), attaches it as `name` and restarts the running bridge; an
 * entry attached as it is already is left alone (the bridge finds the agent again by itself).
 * `args` are the program's own, after `--socket` and `--data`.
 */
export async function startAndAttach(kind: HostedKind, name: string, args: string[], io: CliIo): Promise<number> {
  const { stateDir, configDir } = bridgePaths(io.env);
  const at = hostedFolder(stateDir, kind.kind, name);
  await privateFolder(join(stateDir, kind.kind));
  await privateFolder(at.folder);
  const already = await runningPid(at.pid);
  if (already !== null) {
    io.out(`${kind.words} "${name}" is already running (pid ${already}); collie ${kind.kind} stop --name ${name} stops it\n`);
  } else {
    const started = await start(kind, at, name, args, io);
    if (started !== 0) return started;
  }
  const entry = { name, kind: 'durable', socket: at.socket } as const;
  const file = await readSourcesFile(configDir);
  if (file.entries.some((e) => isDeepStrictEqual(e, entry))) {
    io.out(`${name} is attached already (${at.socket}): the bridge finds it again by itself\n`);
    return 0;
  }
  const { updated } = await attachSource(configDir, entry);
  io.out(`${updated ? 'updated' : 'attached'} ${name} (${at.socket})\n`);
  io.out(`${restartLine(await restartBridge(stateDir))}\n`);
  return 0;
}

async function start(kind: HostedKind, at: HostedFolder, name: string, args: string[], io: CliIo): Promise<number> {
  const launcher = hostedLauncher(kind);
  const log = openSync(at.log, 'a', 0o600);
  const child = spawn(launcher.command, [...launcher.args, '--socket', at.socket, '--data', at.data, '--name', name, ...args], {
    detached: true,
    stdio: ['ignore', log, log],
    env: io.env,
  });
  closeSync(log);
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? 1));
  await writeFile(at.pid, `${child.pid}\n`, { mode: 0o600 });
  const deadline = Date.now() + START_WAIT_MS;
  while (exited === null && Date.now() < deadline && (await tryConnect(at.socket)) !== null) await new Promise((r) => setTimeout(r, POLL_MS));
  if (exited !== null || (await tryConnect(at.socket)) !== null) {
    const last = (await readFile(at.log, 'utf8').catch(() => '')).trim().split('\n').pop() ?? '';
    io.err(`collie ${kind.kind}: ${kind.words} did not start${last ? `: ${last.replace(/^\[agent\] /, '')}` : ''} (its log: ${at.log})\n`);
    if (exited === null) child.kill('SIGTERM');
    await rm(at.pid, { force: true });
    return exited === 2 ? 2 : 1;
  }
  child.unref();
  io.out(`${kind.words} "${name}" is running under ${launcher.runtime} (pid ${child.pid}); its log: ${at.log}\n`);
  return 0;
}

/** Stops it; it stays attached, and shows as unreachable until it is started again. */
export async function stopHosted(kind: HostedKind, name: string, io: CliIo): Promise<number> {
  const at = hostedFolder(bridgePaths(io.env).stateDir, kind.kind, name);
  const pid = await runningPid(at.pid);
  if (pid === null) {
    io.out(`${kind.words} "${name}" is not running\n`);
    return 0;
  }
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + START_WAIT_MS;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS));
  await rm(at.pid, { force: true });
  io.out(`stopped ${kind.words} "${name}" (pid ${pid}); it stays attached, and shows as unreachable until collie ${kind.kind} starts it again\n`);
  return 0;
}
