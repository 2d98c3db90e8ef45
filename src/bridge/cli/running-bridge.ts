import { readBridgeFile, type BridgeFile } from './bridge-file';
import { parseStatusJson, type StatusJson } from '../control/status-json';
import { bridgeLogPath, logLineText } from './bridge-log';
import { saysNotRestarted } from './bridge-lines';
import { logEnd, readLogSince } from './log-reader';
import { CONTROL_PATHS } from '../control/control-paths';
import { controlCall } from './control-client';

/** `collie durable list` waits at most this long for the running bridge (docs/bridge.md §2). */
export const ASK_BRIDGE_MS = 3000;
/** How long `collie restart` waits to see the bridge answer again after the signal. */
export const RESTART_WAIT_MS = 5000;

export type FoundBridge = { running: false } | { running: true; file: BridgeFile; status: StatusJson };

/**
 * Finds the bridge `collie start` left in `<state>/bridge.json` and asks it for its status. Any
 * failure (no file, a dead pid, no answer in time, some other server) reads as not running.
 */
export async function askBridge(stateDir: string, timeoutMs = ASK_BRIDGE_MS): Promise<FoundBridge> {
  const file = await readBridgeFile(stateDir);
  if (!file || !processAlive(file.pid)) return { running: false };
  const status = await fetchStatus(stateDir, timeoutMs);
  // A pid in the file that is not the one answering is a stale file whose pid was reused.
  if (!status || status.pid !== file.pid) return { running: false };
  return { running: true, file, status };
}

/** The bridge's status over the control socket: the phone API answers only to paired phones. */
async function fetchStatus(stateDir: string, timeoutMs: number): Promise<StatusJson | null> {
  try {
    const res = await controlCall(stateDir, 'GET', CONTROL_PATHS.status, undefined, timeoutMs);
    if (res.status !== 200) return null;
    return parseStatusJson(res.json);
  } catch (err) {
    if (err instanceof Error) return null; // refused, timed out or not JSON: no bridge answers there
    throw err;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: a process of another user holds the pid, so it is not our bridge.
    return (err as NodeJS.ErrnoException).code !== 'ESRCH' && (err as NodeJS.ErrnoException).code !== 'EPERM';
  }
}

export type RestartResult =
  | { restarted: true; pid: number; agents: number }
  | { restarted: false; why: 'not-running' }
  | { restarted: false; why: 'no-answer'; pid: number }
  /** The bridge said why in its log: `line` is that line as it printed it. */
  | { restarted: false; why: 'refused'; pid: number; line: string };

/**
 * Asks the running bridge to re-read sources.json (SIGUSR2, which `collie start` handles) and
 * waits until a freshly started phone server answers, or the bridge logs why it did not restart
 * (read from bridge.log after the signal). Only a process that just answered as the bridge, with
 * the pid in bridge.json, is signalled: a stale file never kills a stranger.
 */
export async function restartBridge(stateDir: string, waitMs = RESTART_WAIT_MS): Promise<RestartResult> {
  const found = await askBridge(stateDir);
  if (!found.running) return { restarted: false, why: 'not-running' };
  const { pid } = found.file;
  const log = bridgeLogPath(stateDir);
  let cursor = await logEnd(log); // before the signal, so every line the restart writes is after it
  try {
    process.kill(pid, 'SIGUSR2');
  } catch (err) {
    // It answered a moment ago; gone now (ESRCH) is the same as not running.
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return { restarted: false, why: 'not-running' };
    throw err;
  }
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const read = await readLogSince(log, cursor);
    cursor = read.cursor;
    const refusal = read.lines.map(logLineText).find(saysNotRestarted);
    if (refusal) return { restarted: false, why: 'refused', pid, line: refusal };
    const status = await fetchStatus(stateDir, Math.max(1, Math.min(1000, deadline - Date.now())));
    if (status && status.pid === pid && status.startedAt !== found.status.startedAt) {
      return { restarted: true, pid, agents: status.agents.length };
    }
  }
  return { restarted: false, why: 'no-answer', pid };
}

/** The line the CLI prints for a restart (`collie restart`, and `--restart` on attach and detach). */
export function restartLine(result: RestartResult): string {
  if (result.restarted) return `restarted: ${result.agents} durable agent(s)`;
  if (result.why === 'not-running') return 'the bridge is not running: it reads sources.json when it starts (collie start)';
  if (result.why === 'refused') return `the bridge (pid ${result.pid}) did not restart: ${result.line}`;
  return `the bridge (pid ${result.pid}) did not restart within ${RESTART_WAIT_MS / 1000} s: see collie logs, or run collie doctor`;
}
