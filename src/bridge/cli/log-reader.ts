import { open, readFile, stat } from 'node:fs/promises';
import { rotatedLogPath } from './bridge-log';

/** Where a reader of bridge.log stands: the file (by inode, which a rotation changes) and the byte. */
export interface LogCursor {
  ino: number | null;
  offset: number;
}

/**
 * The last `count` lines, reaching back into bridge.log.1 when bridge.log holds fewer, and the
 * cursor right after them, so a follower goes on from there with nothing lost or shown twice.
 */
export async function lastLogLines(path: string, count: number): Promise<{ lines: string[]; cursor: LogCursor }> {
  const older = linesOf(await textOrNull(rotatedLogPath(path)));
  const now = await statOrNull(path);
  const current = now ? await readWhole(path, 0, now.size) : { lines: [], bytes: 0 };
  const lines = count > 0 ? [...older, ...current.lines].slice(-count) : [];
  return { lines, cursor: now ? { ino: now.ino, offset: current.bytes } : { ino: null, offset: 0 } };
}

/** The end of the log now: a reader from here sees only lines written later. */
export async function logEnd(path: string): Promise<LogCursor> {
  const now = await statOrNull(path);
  return now ? { ino: now.ino, offset: now.size } : { ino: null, offset: 0 };
}

/**
 * The whole lines written since `cursor`, and the cursor after them. After a rotation the rest
 * of the old file (now bridge.log.1) is read first, so no line is lost or read twice.
 */
export async function readLogSince(path: string, cursor: LogCursor): Promise<{ lines: string[]; cursor: LogCursor }> {
  const now = await statOrNull(path);
  const lines: string[] = [];
  let at = cursor;
  if (!now || now.ino !== at.ino) {
    const old = await statOrNull(rotatedLogPath(path));
    if (old && at.ino !== null && old.ino === at.ino) lines.push(...(await readWhole(rotatedLogPath(path), at.offset, old.size)).lines);
    if (!now) return { lines, cursor: { ino: null, offset: 0 } };
    at = { ino: now.ino, offset: 0 };
  }
  if (now.size < at.offset) at = { ino: now.ino, offset: 0 }; // cut short by hand: read it anew
  const fresh = await readWhole(path, at.offset, now.size);
  return { lines: [...lines, ...fresh.lines], cursor: { ino: now.ino, offset: at.offset + fresh.bytes } };
}

/** Whole lines between two offsets; a last line still being written waits for its newline. */
async function readWhole(path: string, from: number, to: number): Promise<{ lines: string[]; bytes: number }> {
  if (to <= from) return { lines: [], bytes: 0 };
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(to - from);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, from);
    const end = buffer.subarray(0, bytesRead).lastIndexOf(0x0a) + 1;
    return { lines: linesOf(buffer.subarray(0, end).toString('utf8')), bytes: end };
  } finally {
    await handle.close();
  }
}

const linesOf = (text: string | null) => (text ? text.split('\n').filter((line) => line !== '') : []);

async function textOrNull(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

async function statOrNull(path: string) {
  try {
    return await stat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
