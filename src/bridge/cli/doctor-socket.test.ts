import { chmod, link, mkdir, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { privacyFix, socketCheck } from './doctor-socket';
import { checkSocketPrivacy } from '../link/socket-privacy';

let dir: TempDir;
let server: Server | undefined;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  if (server) await new Promise<void>((r) => server!.close(() => r()));
  server = undefined;
  await dir.cleanup();
});

/** A listening socket, private as an agent's is: folder 0700, socket 0600. */
async function listening(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const path = join(folder, 'agent.sock');
  server = createServer((socket) => socket.end());
  await new Promise<void>((r) => server!.listen(path, r));
  await chmod(path, 0o600);
  return path;
}

describe('socketCheck', () => {
  it('passes a private socket that takes connections', async () => {
    const path = await listening(join(dir.path, 'run'));
    expect(await socketCheck(path)).toEqual({ ok: true, text: `${path} is private and takes connections` });
  });

  it('names the failing part and the fix', async () => {
    const folder = join(dir.path, 'run');
    const path = await listening(folder);
    await chmod(folder, 0o755);
    expect(await socketCheck(path)).toEqual({
      ok: false,
      text: `socket-not-private: the socket's folder ${folder} has mode 0755, not 0700; fix: chmod 700 ${folder}`,
    });
    await chmod(folder, 0o700);
    await chmod(path, 0o666);
    expect((await socketCheck(path)).text).toBe(`socket-not-private: the socket has mode 0666, not 0600; fix: chmod 600 ${path}`);
  });

  it('tells a missing socket from a stale one that refuses connections', async () => {
    const folder = join(dir.path, 'run');
    expect(await socketCheck(join(folder, 'agent.sock'))).toEqual({ ok: false, text: `no socket at ${join(folder, 'agent.sock')}: start the durable agent` });
    // A second name for the socket outlives the listener, as a crashed agent's file does.
    const live = await listening(folder);
    const stale = join(folder, 'stale.sock');
    await link(live, stale);
    await new Promise<void>((r) => server!.close(() => r()));
    server = undefined;
    expect(await socketCheck(stale)).toEqual({ ok: false, text: `connection refused: remove ${stale} and start the durable agent` });
  });
});

describe('privacyFix', () => {
  const reasonFor = async (path: string) => {
    const result = await checkSocketPrivacy(path);
    if (result.ok) throw new Error('expected a refusal');
    return result.reason;
  };

  it('has a fix for each reason the walk gives', async () => {
    const real = join(dir.path, 'real');
    await mkdir(real, { mode: 0o700 });
    await symlink(real, join(dir.path, 'link'));
    const viaLink = join(dir.path, 'link', 'agent.sock');
    expect(privacyFix(await reasonFor(viaLink), viaLink)).toBe(`give the real path, not the link ${join(dir.path, 'link')}, to the durable agent and to collie durable attach`);

    const open = join(dir.path, 'open');
    await mkdir(join(open, 'run'), { recursive: true, mode: 0o700 });
    await chmod(open, 0o777);
    const below = join(open, 'run', 'agent.sock');
    expect(privacyFix(await reasonFor(below), below)).toBe(`chmod go-w ${open}, or keep the socket under $XDG_RUNTIME_DIR`);

    const file = join(real, 'not-a-socket');
    await writeFile(file, '');
    expect(privacyFix(await reasonFor(file), file)).toBe(`${file} is some other file: remove it, or give the durable agent another path`);
    const through = join(file, 'agent.sock');
    expect(privacyFix(await reasonFor(through), through)).toBe(`${file} must be a folder: fix the socket path`);

    expect(privacyFix('socket-not-private: the socket belongs to user 1, not to 2', '/s')).toBe('run the durable agent as your own user');
    expect(privacyFix("socket-not-private: the socket's folder /f belongs to user 1, not to 2", '/f/s')).toMatch(/^keep the socket in a folder of your own/);
  });
});
