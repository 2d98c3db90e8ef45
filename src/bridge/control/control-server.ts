import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { chmod, unlink } from 'node:fs/promises';
import { isValidId } from '../../wire/ids';
import { isRecord, oneOf, str } from '../../wire/read';
import type { AuditLog } from '../acts/audit-log';
import type { AgentHandle } from '../agent-handle';
import { ROLES, type Role } from '../pairing/device-file';
import type { DeviceStore } from '../pairing/device-store';
import { renameDevice, revokeDevice } from '../pairing/device-changes';
import { errorJson, HttpError } from '../http/http-error';
import { readJson, sendJson } from '../http/http-json';
import { statusJson } from './status-json';
import { tryConnect } from '../link/try-connect';
import { CONTROL_PATHS } from './control-paths';
import type { Crew } from '../crew/crew';
import { CrewRefusal } from '../crew/crew-terms';
import type { ControlCaller, MadeBy } from './control-caller';

export interface ControlDeps {
  agents: Map<string, AgentHandle>;
  /** Who asked to change something: a process an attached agent started is refused (control-caller.ts). */
  placeCaller: (socket: Socket) => Promise<ControlCaller>;
  durable: boolean;
  startedAt: number;
  devices: DeviceStore;
  audit: AuditLog;
  invite(options: { name: string | null; role: Role; made: MadeBy | null }): { link: string; expiresAt: number };
  crew: Crew;
  log: (line: string) => void;
}

/**
 * The bridge's side of the control socket: status for `collie durable list` and `doctor`, new
 * invitations for `collie pair`, and the device list, rename and revoke for `collie devices`.
 * A revoke takes effect at once: the device's long-polls end and its next request is 401.
 * And the crew: its listing, a join code, joining a lead, removing a member, leaving. Every change
 * is refused to a process an attached durable agent started (docs/bridge.md §10): reads are not.
 */
export async function serveControl(socketPath: string, deps: ControlDeps): Promise<Server> {
  let unchecked = false;
  const caller = async (socket: Socket): Promise<MadeBy | null> => {
    const placed = await deps.placeCaller(socket);
    if (placed.place === 'agent')
      throw new HttpError(
        403,
        'caller-refused',
        `refused: this was run by a process the durable agent ${placed.agent} started (pid ${placed.pid}); pair, rename or revoke devices and change the crew from your own terminal`,
      );
    if (placed.place === 'unknown') throw new HttpError(403, 'caller-refused', 'refused: the bridge could not tell which process asked; run it again from your own terminal');
    if (placed.place === 'unchecked') {
      if (!unchecked) deps.log(`[bridge] ${placed.why}: a process an agent started could pair a phone here, which a paired phone must still allow`);
      unchecked = true;
      return null;
    }
    return placed.made;
  };
  const server = createServer((req, res) => {
    const method = req.method ?? 'GET';
    const asked = method === 'POST' ? caller(req.socket) : Promise.resolve(null);
    asked
      .then((made) => handle(deps, method, new URL(req.url ?? '/', 'http://control').pathname, made, () => readJson(req)))
      .then(
        (reply) => sendJson(res, 200, reply),
        (err: unknown) => {
          // A crew refusal is one sentence for the person at the terminal, never a failure of the bridge.
          if (err instanceof CrewRefusal) return sendJson(res, 409, errorJson('bad-request', err.message));
          if (err instanceof HttpError) return sendJson(res, err.status, errorJson(err.code, err.message));
          deps.log(`[bridge] control request failed: ${err instanceof Error ? err.message : String(err)}`);
          sendJson(res, 500, errorJson('internal', 'the bridge failed to answer'));
        },
      );
  });
  await removeStaleSocket(socketPath);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  return server;
}

async function handle(deps: ControlDeps, method: string, path: string, made: MadeBy | null, body: () => Promise<unknown>): Promise<unknown> {
  if (method === 'GET' && path === CONTROL_PATHS.status) return statusJson(deps.agents, deps.durable, deps.startedAt);
  if (method === 'GET' && path === CONTROL_PATHS.devices) return { devices: deps.devices.list() };
  if (method === 'GET' && path === CONTROL_PATHS.crew) return deps.crew.listing();
  if (method !== 'POST') throw new HttpError(404, 'not-found', 'no such control route');
  const raw = await body();
  const given = isRecord(raw) ? raw : {};
  if (path.startsWith(`${CONTROL_PATHS.crew}/`)) return crewControl(deps.crew, path, given);
  if (path === CONTROL_PATHS.pair) {
    const role = oneOf(given.role, ROLES) ?? 'control';
    const name = str(given.name) ?? null;
    return deps.invite({ name, role, made });
  }
  const id = given.id;
  if (!isValidId(id)) throw new HttpError(400, 'bad-request', 'a device id is required');
  if (path === CONTROL_PATHS.rename) {
    const device = await renameDevice(deps.devices, deps.audit, id, given.name);
    if (!device) throw new HttpError(404, 'no-such-device', `no paired device has the id ${id}`);
    return { device };
  }
  if (path === CONTROL_PATHS.revoke) {
    const device = await revokeDevice(deps.devices, deps.audit, id);
    if (!device) throw new HttpError(404, 'no-such-device', `no paired device has the id ${id}`);
    deps.log(`[bridge] revoked ${device.name} (${id})`);
    return { revoked: id };
  }
  throw new HttpError(404, 'not-found', 'no such control route');
}

/** The crew's control routes: what `collie crew …` asks the running bridge. */
async function crewControl(crew: Crew, path: string, given: Record<string, unknown>): Promise<unknown> {
  if (path === CONTROL_PATHS.crewInvite) return crew.invite(str(given.label) ?? null);
  if (path === CONTROL_PATHS.crewJoin) return crew.join(str(given.lead) ?? '', str(given.label) ?? '', str(given.code) ?? '');
  if (path === CONTROL_PATHS.crewRemove) return crew.remove(str(given.label) ?? '');
  if (path === CONTROL_PATHS.crewLeave) return crew.leave();
  throw new HttpError(404, 'not-found', 'no such control route');
}

/** A socket file left by a bridge that died is removed; one a live bridge answers on is not. */
async function removeStaleSocket(path: string): Promise<void> {
  const live = (await tryConnect(path)) === null;
  if (live) throw new Error(`another bridge answers on ${path}: is collie already running with this state folder?`);
  await unlink(path).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? undefined : Promise.reject(err)));
}
