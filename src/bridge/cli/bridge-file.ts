import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isRecord } from '../../wire/read';
import { writePrivateFile } from '../fs/private-file';

/** What `collie start` leaves in `<state>/bridge.json` so the other verbs can find it. */
export interface BridgeFile {
  pid: number;
  /** The phone server's base URL, ending in `/`: `http://` or, with `--tls-cert`, `https://`. */
  url: string;
}

export const bridgeFilePath = (stateDir: string) => join(stateDir, 'bridge.json');

export function writeBridgeFile(stateDir: string, info: BridgeFile): Promise<void> {
  return writePrivateFile(bridgeFilePath(stateDir), `${JSON.stringify({ pid: info.pid, url: info.url })}\n`);
}

/** Removes the file only while it still names this process, so a second bridge's file stays. */
export async function removeBridgeFile(stateDir: string, pid = process.pid): Promise<void> {
  const current = await readBridgeFile(stateDir);
  if (current?.pid === pid) await rm(bridgeFilePath(stateDir), { force: true });
}

/** The file's content, or null when there is none (or it is not what `collie start` writes). */
export async function readBridgeFile(stateDir: string): Promise<BridgeFile | null> {
  let text: string;
  try {
    text = await readFile(bridgeFilePath(stateDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null; // a half-written or foreign file is as good as none: no bridge can be found by it
  }
  if (!isRecord(raw) || !Number.isInteger(raw.pid) || (raw.pid as number) <= 0 || typeof raw.url !== 'string') return null;
  if (!/^https?:\/\/[^/]+\/$/.test(raw.url)) return null;
  return { pid: raw.pid as number, url: raw.url };
}
