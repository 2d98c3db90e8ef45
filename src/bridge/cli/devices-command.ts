import { UsageError, type CliIo } from '../conformance/usage-error';
import { textTable } from './text-table';
import { CONTROL_PATHS } from '../control/control-paths';
import { DeviceStore, type DeviceInfo } from '../pairing/device-store';
import { isRecord } from '../../wire/read';
import { controlCall, controlWrite } from './control-client';
import { parseOptions } from './parse-options';
import { askBridge } from './running-bridge';

/**
 * `collie devices [--json]`, `collie devices rename <id> <name>`, `collie devices revoke <id>`.
 * With a bridge running, it asks the bridge (a revoke then ends the device's open reads at once);
 * without one, it edits `<state>/devices.json` itself. A credential is never shown.
 */
export async function devicesCommand(args: string[], io: CliIo, stateDir: string): Promise<number> {
  try {
    return await devices(args, io, stateDir);
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    io.err(`collie devices: ${err.message}\n`);
    return 1;
  }
}

async function devices(args: string[], io: CliIo, stateDir: string): Promise<number> {
  const { values, positionals } = parseOptions(args, { json: { type: 'boolean' } });
  const [sub, ...rest] = positionals;
  const running = (await askBridge(stateDir)).running;
  if (sub === undefined) {
    const devices = running ? listOf((await controlCall(stateDir, 'GET', CONTROL_PATHS.devices)).json) : (await DeviceStore.open(stateDir, (line) => io.err(`${line}\n`))).list();
    io.out(values.json ? `${JSON.stringify(devices, null, 2)}\n` : table(devices));
    return 0;
  }
  if (sub === 'rename') {
    const [id, ...words] = rest;
    const name = words.join(' ').trim();
    if (id === undefined || name === '') throw new UsageError('rename takes a device id and a name');
    const renamed = running ? await viaBridge(stateDir, CONTROL_PATHS.rename, { id, name }) : (await (await offline(stateDir, io)).rename(id, name)) !== null;
    if (!renamed) return noSuchDevice(io, id);
    io.out(`renamed ${id}\n`);
    return 0;
  }
  if (sub === 'revoke') {
    const [id, ...extra] = rest;
    if (id === undefined || extra.length > 0) throw new UsageError('revoke takes one device id');
    const revoked = running ? await viaBridge(stateDir, CONTROL_PATHS.revoke, { id }) : await (await offline(stateDir, io)).revoke(id);
    if (!revoked) return noSuchDevice(io, id);
    io.out(`revoked ${id}: its next request is refused${running ? ', and its open reads ended' : ''}\n`);
    return 0;
  }
  throw new UsageError(`unknown devices command: ${/^[\w-]{1,20}$/.test(sub) ? sub : '(not shown)'}`);
}

async function viaBridge(stateDir: string, path: string, body: unknown): Promise<boolean> {
  const reply = await controlWrite(stateDir, path, body);
  if (!reply.ok && reply.status === 404) return false;
  if (!reply.ok) throw new Refused(reply.message);
  return true;
}

/** The bridge refused the change (a caller it refuses, docs/bridge.md §10): its sentence is the command's. */
class Refused extends Error {
  override name = 'Refused';
}

function offline(stateDir: string, io: CliIo) {
  return DeviceStore.open(stateDir, (line) => io.err(`${line}\n`));
}

function noSuchDevice(io: CliIo, id: string): number {
  io.err(`collie devices: no paired device has the id ${/^[\w-]{1,40}$/.test(id) ? id : '(not shown)'}\n`);
  return 1;
}

function listOf(json: unknown): DeviceInfo[] {
  return isRecord(json) && Array.isArray(json.devices) ? (json.devices as DeviceInfo[]) : [];
}

function table(devices: DeviceInfo[]): string {
  if (devices.length === 0) return 'no paired devices: collie pair makes an invitation\n';
  const rows = [
    ['id', 'name', 'role', 'created', 'last seen'],
    ...devices.map((d) => [d.id, d.name, d.role, d.created.slice(0, 16).replace('T', ' '), d.lastSeen?.slice(0, 16).replace('T', ' ') ?? 'never']),
  ];
  return textTable(rows);
}
