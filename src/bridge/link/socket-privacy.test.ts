import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { checkSocketPrivacy } from './socket-privacy';

let dir: TempDir;
let servers: Server[];

beforeEach(async () => {
  dir = await tempDir();
  servers = [];
});
afterEach(async () => {
  for (const s of servers) s.close();
  await dir.cleanup();
});

async function listenAt(path: string, mode = 0o600): Promise<void> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((r) => server.listen(path, r));
  await chmod(path, mode);
}

async function privateSocket(): Promise<{ folder: string; socket: string }> {
  const folder = join(dir.path, 'run');
  await mkdir(folder, { mode: 0o700 });
  const socket = join(folder, 'app.sock');
  await listenAt(socket);
  return { folder, socket };
}

describe('checkSocketPrivacy', () => {
  it('passes a private socket in a 0700 folder under sticky /tmp', async () => {
    const { socket } = await privateSocket();
    expect(await checkSocketPrivacy(socket)).toEqual({ ok: true });
  });

  it('refuses a socket folder that is not 0700', async () => {
    const { folder, socket } = await privateSocket();
    await chmod(folder, 0o755);
    expect(await checkSocketPrivacy(socket)).toEqual({ ok: false, reason: `socket-not-private: the socket's folder ${folder} has mode 0755, not 0700` });
  });

  it('refuses a symlink anywhere on the path', async () => {
    const { folder } = await privateSocket();
    const link = join(dir.path, 'link');
    await symlink(folder, link);
    expect(await checkSocketPrivacy(join(link, 'app.sock'))).toEqual({ ok: false, reason: `socket-not-private: ${link} is a symlink` });
    const socketLink = join(folder, 'alias.sock');
    await symlink(join(folder, 'app.sock'), socketLink);
    expect(await checkSocketPrivacy(socketLink)).toEqual({ ok: false, reason: `socket-not-private: ${socketLink} is a symlink` });
  });

  it('refuses a folder above that group or others can write to', async () => {
    const upper = join(dir.path, 'shared');
    await mkdir(upper);
    await chmod(upper, 0o775);
    const folder = join(upper, 'run');
    await mkdir(folder, { mode: 0o700 });
    await listenAt(join(folder, 'app.sock'));
    expect(await checkSocketPrivacy(join(folder, 'app.sock'))).toEqual({
      ok: false,
      reason: `socket-not-private: ${upper} has mode 0775, so group or others can write to it`,
    });
  });

  it('refuses a socket with group or other bits, and a path that is no socket', async () => {
    const { folder, socket } = await privateSocket();
    await chmod(socket, 0o666);
    expect(await checkSocketPrivacy(socket)).toEqual({ ok: false, reason: 'socket-not-private: the socket has mode 0666, not 0600' });
    await writeFile(join(folder, 'file'), 'x');
    expect(await checkSocketPrivacy(join(folder, 'file'))).toEqual({ ok: false, reason: 'socket-not-private: the path is not a socket' });
  });

  it('refuses a socket or folder owned by another user', async () => {
    const { folder, socket } = await privateSocket();
    const other = (process.getuid?.() ?? 0) + 1;
    expect(await checkSocketPrivacy(socket, other)).toEqual({
      ok: false,
      reason: `socket-not-private: the socket's folder ${folder} belongs to user ${process.getuid?.()}, not to ${other}`,
    });
  });

  it('refuses a path that is not written plainly, so the path checked is the path dialled', async () => {
    const { folder } = await privateSocket();
    await chmod(folder, 0o755);
    const doubled = folder.replace(/\/run$/, '//run') + '/app.sock';
    expect(await checkSocketPrivacy(doubled)).toMatchObject({ ok: false, reason: expect.stringContaining('socket-not-private: the socket path must be written plainly') });
    expect(await checkSocketPrivacy('relative/app.sock')).toMatchObject({ ok: false, reason: expect.stringContaining('must be absolute') });
  });

  it('says no socket for a missing path, which is not a privacy error', async () => {
    const missing = join(dir.path, 'none', 'app.sock');
    expect(await checkSocketPrivacy(missing)).toEqual({ ok: false, reason: `no socket at ${missing}`, missing: true });
  });
});
