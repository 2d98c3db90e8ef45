import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { UsageError, type CliIo } from '../check/usage-error';
import { INSTALL } from '../config/install-paths';
import { bridgePaths } from '../config/paths';
import { checkName } from '../config/source-rules';
import { attachSource, readSourcesFile } from '../config/sources-file';
import { privateFolder } from '../fs/state-dir';
import { tryConnect } from '../link/try-connect';
import { parseOptions } from './parse-options';
import { restartBridge, restartLine } from './running-bridge';

const { piBin: PI_BIN, piMain: PI_MAIN, bunBin: BUN_BIN } = INSTALL;

/**
 * How the Pi agent is started: under Bun when it is here (Bun runs the TypeScript itself, and on
 * Linux refuses answers from Pi's own tools: WIRE.md §17), else under Node, which cannot check
 * callers and says so in the agent's log.
 */
export function piLauncher(bunPresent: boolean = existsSync(BUN_BIN)): { command: string; args: string[]; runtime: 'bun' | 'node' } {
  return bunPresent ? { command: BUN_BIN, args: [PI_MAIN], runtime: 'bun' } : { command: process.execPath, args: [PI_BIN], runtime: 'node' };
}
/** Pi takes a moment to load (its providers' libraries): the agent is given this long to listen. */
const START_WAIT_MS = 30_000;
const POLL_MS = 100;

/** Where one Pi agent keeps its socket, data, log and pid, in the bridge's state folder. */
export function piFolder(stateDir: string, name: string) {
  const folder = join(stateDir, 'pi', name);
  return { folder, socket: join(folder, 'agent.sock'), data: join(folder, 'data'), log: join(folder, 'agent.log'), pid: join(folder, 'agent.pid') };
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

async function runningPid(pidFile: string): Promise<number | null> {
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
}

/**
 * `collie pi [--cwd DIR] [--name NAME]`: starts Pi as a durable agent in DIR, as a process of its
 * own (not the bridge's child: restarting either leaves the other running), attaches it to the
 * bridge and restarts the running bridge. `collie pi stop [--name NAME]` stops it.
 */
export async function piCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions(args, { cwd: { type: 'string' }, name: { type: 'string' } });
  const name = values.name ?? 'pi';
  const nameProblem = checkName(name);
  if (nameProblem) throw new UsageError(`--name: ${nameProblem}`);
  if (positionals.length > 1 || (positionals[0] !== undefined && positionals[0] !== 'stop')) throw new UsageError('takes only stop, --cwd and --name');
  const { stateDir, configDir } = bridgePaths(io.env);
  const at = piFolder(stateDir, name);
  if (positionals[0] === 'stop') return stop(at, name, io);

  const cwd = resolve(values.cwd ?? process.cwd());
  if (!(await stat(cwd).catch(() => null))?.isDirectory()) throw new UsageError(`--cwd: ${cwd} is not a folder`);
  await privateFolder(join(stateDir, 'pi'));
  await privateFolder(at.folder);
  const already = await runningPid(at.pid);
  if (already !== null) {
    io.out(`pi ${name} is already running (pid ${already}); collie pi stop --name ${name} stops it\n`);
  } else {
    const started = await start(at, cwd, name, io);
    if (started !== 0) return started;
  }
  const entry = { name, kind: 'durable', socket: at.socket } as const;
  const file = await readSourcesFile(configDir);
  // Attached as it is already: the running bridge finds the agent again at its next poll, and the phone is not disturbed.
  if (file.entries.some((e) => isDeepStrictEqual(e, entry))) {
    io.out(`${name} is attached already (${at.socket}): the bridge finds it again by itself\n`);
    return 0;
  }
  const { updated } = await attachSource(configDir, entry);
  io.out(`${updated ? 'updated' : 'attached'} ${name} (${at.socket})\n`);
  io.out(`${restartLine(await restartBridge(stateDir))}\n`);
  return 0;
}

async function start(at: ReturnType<typeof piFolder>, cwd: string, name: string, io: CliIo): Promise<number> {
  const launcher = piLauncher();
  const log = openSync(at.log, 'a', 0o600);
  const child = spawn(launcher.command, [...launcher.args, '--cwd', cwd, '--socket', at.socket, '--data', at.data, '--name', name], {
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
    io.err(`collie pi: the Pi agent did not start${last ? `: ${last.replace(/^\[agent\] /, '')}` : ''} (its log: ${at.log})\n`);
    if (exited === null) child.kill('SIGTERM');
    await rm(at.pid, { force: true });
    return exited === 2 ? 2 : 1;
  }
  child.unref();
  io.out(`pi ${name} is running in ${cwd} under ${launcher.runtime} (pid ${child.pid}); its log: ${at.log}\n`);
  return 0;
}

async function stop(at: ReturnType<typeof piFolder>, name: string, io: CliIo): Promise<number> {
  const pid = await runningPid(at.pid);
  if (pid === null) {
    io.out(`pi ${name} is not running\n`);
    return 0;
  }
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + START_WAIT_MS;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS));
  await rm(at.pid, { force: true });
  io.out(`stopped pi ${name} (pid ${pid}); it stays attached, and shows as unreachable until collie pi starts it again\n`);
  return 0;
}
