import { constants, readlinkSync } from 'node:fs';
import { access, open } from 'node:fs/promises';
import { isUnder, realTarget } from './tool-place';

/** What any `read` takes at most, card or not: a device, a FIFO or a huge file cannot grow the agent. */
export const READ_CAP_BYTES = 32 * 1024 * 1024;
export const READ_CAP_MS = 10_000;

const CHUNK = 256 * 1024;
/** How long a read that has nothing yet (a FIFO with a slow writer) waits before it tries again. */
const WAIT_MS = 25;

/** The operations Pi's `read` tool takes (its `ReadOperations`): reading, checking, telling images. */
export interface ReadOperations {
  readFile: (absolutePath: string) => Promise<Buffer>;
  access: (absolutePath: string) => Promise<void>;
  detectImageMimeType: (absolutePath: string) => Promise<string | null>;
}

export interface ReadBounds {
  maxBytes?: number;
  maxMs?: number;
  /** A card-less read: the file opened must be a regular file inside this folder (checked on the open file, so a swap after the gate looked is caught). */
  confineTo?: string;
}

/**
 * Pi's `read` with bounds: the file is opened without blocking (a FIFO with no writer is empty, not
 * a hang), read up to `maxBytes` and for at most `maxMs`, and what was cut is said at the end.
 */
export function boundedReadOperations(bounds: ReadBounds = {}): ReadOperations {
  const maxBytes = bounds.maxBytes ?? READ_CAP_BYTES;
  const maxMs = bounds.maxMs ?? READ_CAP_MS;
  return {
    access: (path) => access(path, constants.R_OK),
    readFile: async (path) => {
      const { bytes, stopped } = await readBounded(path, maxBytes, maxMs, bounds.confineTo);
      return stopped ? Buffer.concat([bytes, Buffer.from(`\n[Collie stopped this read ${stopped}.]`)]) : bytes;
    },
    detectImageMimeType: async (path) => imageType((await readBounded(path, 16, maxMs, bounds.confineTo)).bytes),
  };
}

async function readBounded(path: string, maxBytes: number, maxMs: number, confineTo: string | undefined): Promise<{ bytes: Buffer; stopped: string | null }> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (confineTo !== undefined) await checkConfined(handle.fd, (await handle.stat()).isFile(), confineTo);
    const parts: Buffer[] = [];
    let total = 0;
    const deadline = Date.now() + maxMs;
    for (;;) {
      if (total >= maxBytes) return { bytes: Buffer.concat(parts), stopped: `at ${maxBytes} bytes` };
      if (Date.now() >= deadline) return { bytes: Buffer.concat(parts), stopped: `after ${maxMs / 1000} s` };
      const buffer = Buffer.alloc(Math.min(CHUNK, maxBytes - total));
      let bytesRead: number;
      try {
        ({ bytesRead } = await handle.read(buffer, 0, buffer.length, null));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
        await new Promise((done) => setTimeout(done, WAIT_MS));
        continue;
      }
      if (bytesRead === 0) return { bytes: Buffer.concat(parts), stopped: null };
      parts.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

/** The open file itself must be a regular file inside the folder (Linux names an open file in /proc/self/fd). */
async function checkConfined(fd: number, isFile: boolean, folder: string): Promise<void> {
  if (!isFile) throw new Error('Not read: this is not a regular file, and a read outside the project folder or of a device needs the person’s answer on the phone.');
  let opened: string;
  try {
    opened = readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return; // no /proc here: the gate's own check of the path stands
  }
  if (!isUnder(opened, realTarget(folder))) throw new Error('Not read: the file changed since it was checked and now lies outside the project folder.');
}

function imageType(head: Buffer): string | null {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a') return 'image/gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}
