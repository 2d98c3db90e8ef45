import { appendFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tightenFile } from '../fs/private-file';
import { privateFolder } from '../fs/state-dir';

/** bridge.log is moved to bridge.log.1 when it would grow past this. */
export const LOG_MAX_BYTES = 1024 * 1024;

export const bridgeLogPath = (stateDir: string) => join(stateDir, 'bridge.log');
export const rotatedLogPath = (logPath: string) => `${logPath}.1`;

const STAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /;

/** A line as the file holds it, without its time: the line as the bridge printed it. */
export const logLineText = (fileLine: string) => fileLine.replace(STAMP, '');

export interface BridgeLog {
  readonly path: string;
  write(line: string): void;
}

/**
 * `<state>/bridge.log` (0600), what `collie logs` reads: every line the bridge prints, each with
 * its time. Writes are synchronous so the last line before an exit (a FATAL line) is on disk
 * when the process ends; the bridge logs a few lines a minute, so this costs nothing that shows.
 * A failed write is said once (to `complain`, which prints) until a write works again.
 */
export async function openBridgeLog(stateDir: string, complain: (line: string) => void, maxBytes = LOG_MAX_BYTES): Promise<BridgeLog> {
  await privateFolder(stateDir);
  const path = bridgeLogPath(stateDir);
  const rotated = rotatedLogPath(path);
  await tightenFile(path, complain);
  await tightenFile(rotated, complain);
  let size = sizeOf(path);
  let failing = false;
  return {
    path,
    write(line) {
      const at = new Date().toISOString();
      const text = `${line
        .split('\n')
        .map((part) => `${at} ${part}`)
        .join('\n')}\n`;
      const bytes = Buffer.byteLength(text);
      try {
        // Counted here, checked on disk before moving: the file may have been removed by hand.
        if (size > 0 && size + bytes > maxBytes && sizeOf(path) > 0) renameSync(path, rotated);
        if (size + bytes > maxBytes) size = 0;
        appendFileSync(path, text, { mode: 0o600 });
        size += bytes;
        failing = false;
      } catch (err) {
        if (!failing) complain(`[bridge] cannot write ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): log lines show here only`);
        failing = true;
      }
    },
  };
}

function sizeOf(path: string): number {
  return statSync(path, { throwIfNoEntry: false })?.size ?? 0;
}
