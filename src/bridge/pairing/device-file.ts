import { readKeptJson } from '../config/kept-json';
import { join } from 'node:path';
import { isValidId } from '../../wire/ids';
import { cleanField } from '../../wire/clean';
import { isRecord, oneOf, str, time } from '../../wire/read';
import { FatalConfigError } from '../config/config';
import { writePrivateFile } from '../fs/private-file';

/** `control`: reads and acts. `watch`: reads everything, every write is refused. */
export const ROLES = ['control', 'watch'] as const;
export type Role = (typeof ROLES)[number];

/** A paired device as `<state>/devices.json` keeps it: never its credential, only the credential's hash. */
export interface Device {
  id: string;
  name: string;
  role: Role;
  credentialHash: string;
  created: string;
  lastSeen: string | null;
}

export const devicesPath = (stateDir: string) => join(stateDir, 'devices.json');

/**
 * Reads `devices.json` strictly: a file that is there but does not parse, or holds an entry that
 * breaks the rules, stops the bridge with one `[bridge] FATAL:` line (a device must never be
 * silently dropped or silently let in). A wider mode is tightened to 0600 with a log line.
 */
export async function readDevices(stateDir: string, log: (line: string) => void): Promise<Device[]> {
  const path = devicesPath(stateDir);
  const kept = await readKeptJson(path, log);
  if (!kept) return [];
  const raw = kept.raw;
  if (!isRecord(raw) || !Array.isArray(raw.devices)) throw new FatalConfigError(`${path} must hold { "devices": [ … ] }`);
  return raw.devices.map((entry, index) => {
    const device = parseDevice(entry);
    if (!device) throw new FatalConfigError(`${path}: device ${index + 1} is malformed (id, name, role, credentialHash, created are required)`);
    return device;
  });
}

export function writeDevices(stateDir: string, devices: readonly Device[]): Promise<void> {
  return writePrivateFile(devicesPath(stateDir), `${JSON.stringify({ devices }, null, 2)}\n`);
}

function parseDevice(raw: unknown): Device | null {
  if (!isRecord(raw) || !isValidId(raw.id)) return null;
  const role = oneOf(raw.role, ROLES);
  const name = str(raw.name);
  const created = time(raw.created);
  const hash = str(raw.credentialHash);
  if (!role || name === undefined || !created || !hash || !/^[0-9a-f]{64}$/.test(hash)) return null;
  return { id: raw.id, name: cleanField.label(name).text, role, credentialHash: hash, created, lastSeen: time(raw.lastSeen) ?? null };
}
