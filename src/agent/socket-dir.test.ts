import { chmod, mkdir, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareSocketPath } from './socket-dir';
import { staleSocket, tempDir, type TempDir } from './testing';

let dir: TempDir;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => dir.cleanup());

describe('prepareSocketPath', () => {
  it('creates a missing folder with mode 0700', async () => {
    await prepareSocketPath(join(dir.path, 'new', 'app.sock'));
    expect((await stat(join(dir.path, 'new'))).mode & 0o777).toBe(0o700);
  });

  it('refuses a folder with another mode', async () => {
    await mkdir(join(dir.path, 'open'));
    await chmod(join(dir.path, 'open'), 0o755);
    await expect(prepareSocketPath(join(dir.path, 'open', 'app.sock'))).rejects.toThrow("the socket's folder");
  });

  it('removes a stale socket file but refuses to remove anything else', async () => {
    const folder = join(dir.path, 'run');
    await mkdir(folder, { mode: 0o700 });
    const socket = join(folder, 'app.sock');
    await staleSocket(socket);
    await prepareSocketPath(socket);
    await expect(stat(socket)).rejects.toThrow();
    await writeFile(socket, 'not a socket');
    await expect(prepareSocketPath(socket)).rejects.toThrow('is not a socket');
  });

  it('refuses a socket a live listener answers on, and leaves it in place', async () => {
    const folder = join(dir.path, 'run');
    await mkdir(folder, { mode: 0o700 });
    const socket = join(folder, 'app.sock');
    const live = createServer();
    await new Promise<void>((r) => live.listen(socket, r));
    try {
      await expect(prepareSocketPath(socket)).rejects.toThrow(`a durable agent already answers at ${socket}`);
      expect((await stat(socket)).isSocket()).toBe(true);
    } finally {
      await new Promise((r) => live.close(r));
    }
  });

  it('refuses relative and over-long paths', async () => {
    await expect(prepareSocketPath('relative/app.sock')).rejects.toThrow('absolute');
    await expect(prepareSocketPath(`/${'x'.repeat(120)}`)).rejects.toThrow('103 bytes');
  });
});
