import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { UsageError, type CliIo } from '../conformance/usage-error';
import { bridgeLogPath } from './bridge-log';
import { lastLogLines, readLogSince, type LogCursor } from './log-reader';
import { parseOptions } from './parse-options';

const DEFAULT_LINES = 50;
const MAX_LINES = 100000;
/** fs.watch can miss events on some file systems; the follower also looks this often. */
const FOLLOW_FALLBACK_MS = 1000;

/**
 * `collie logs [-f] [-n N]`: the last lines of `<state>/bridge.log` (and bridge.log.1), whether
 * the bridge runs or stopped (a FATAL line at start is the reason it stopped); `-f` then prints
 * each new line until Ctrl-C.
 */
export async function logsCommand(args: string[], io: CliIo, stateDir: string): Promise<number> {
  const { values, positionals } = parseOptions(args, { follow: { type: 'boolean', short: 'f' }, lines: { type: 'string', short: 'n' } });
  if (positionals.length > 0) throw new UsageError('takes no arguments');
  const count = values.lines === undefined ? DEFAULT_LINES : /^\d{1,6}$/.test(values.lines) ? Number(values.lines) : NaN;
  if (!(count <= MAX_LINES)) throw new UsageError(`-n takes a number of lines, 0 to ${MAX_LINES}`);
  const path = bridgeLogPath(stateDir);
  const { lines, cursor } = await lastLogLines(path, count);
  if (cursor.ino === null && lines.length === 0) io.err(`no log yet at ${path}: collie start writes it\n`);
  if (lines.length > 0) io.out(`${lines.join('\n')}\n`);
  if (!values.follow) return cursor.ino === null && lines.length === 0 ? 1 : 0;
  return follow(path, cursor, io);
}

/** Prints the lines the bridge adds (through rotations) until SIGINT or SIGTERM. */
function follow(path: string, from: LogCursor, io: CliIo): Promise<number> {
  return new Promise((resolve) => {
    let watcher: FSWatcher;
    try {
      // The folder, not the file: a rotation replaces the file, and a watch on it would go quiet.
      watcher = watch(dirname(path), (_event, name) => {
        if (name === null || name.startsWith(basename(path))) readNew();
      });
    } catch (err) {
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      io.err(
        missing
          ? `collie logs: the state folder ${dirname(path)} does not exist yet: collie start makes it\n`
          : `collie logs: cannot watch ${dirname(path)}: ${(err as Error).message}\n`,
      );
      resolve(1);
      return;
    }
    let cursor = from;
    let reading: Promise<void> | null = null;
    let again = false;
    let finished = false;
    const finish = (code: number) => {
      if (finished) return;
      finished = true;
      watcher.close();
      clearInterval(fallback);
      process.off('SIGINT', interrupted);
      process.off('SIGTERM', interrupted);
      resolve(code);
    };
    const readNew = () => {
      if (reading) {
        again = true; // a change during a read is read right after it
        return;
      }
      reading = (async () => {
        do {
          again = false;
          const read = await readLogSince(path, cursor);
          cursor = read.cursor;
          if (read.lines.length > 0) io.out(`${read.lines.join('\n')}\n`);
        } while (again);
      })().then(
        () => {
          reading = null;
        },
        (err: unknown) => {
          io.err(`collie logs: cannot read ${path}: ${err instanceof Error ? err.message : String(err)}\n`);
          finish(1);
        },
      );
    };
    watcher.on('error', (err) => {
      io.err(`collie logs: cannot watch ${dirname(path)}: ${err.message}\n`);
      finish(1);
    });
    const fallback = setInterval(readNew, FOLLOW_FALLBACK_MS);
    const interrupted = () => finish(0);
    process.once('SIGINT', interrupted);
    process.once('SIGTERM', interrupted);
    readNew(); // lines written between the last read and the watch starting
  });
}
