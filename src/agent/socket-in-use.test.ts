import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie } from './kit';
import { staleSocket, tempDir, wireCall, type TempDir } from './testing';

let dir: TempDir;
let first: Collie | undefined;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  await first?.close();
  first = undefined;
  await dir.cleanup();
});

const open = (socket: string) => openCollie({ socket, hostName: 'desk', caps: { asks: true }, log: () => {} });

describe('a second agent on the same socket path', () => {
  it('is refused while the first answers there, and the first keeps its socket', async () => {
    const socket = join(dir.path, 'run', 'app.sock');
    first = await open(socket);
    first.ready();
    await expect(open(socket)).rejects.toThrow(`a durable agent already answers at ${socket}: stop it first, or give this one another socket path`);
    expect((await stat(socket)).isSocket()).toBe(true);
    expect((await wireCall(socket, 'GET', '/hello')).json).toMatchObject({ service: 'collie-durable', host: { name: 'desk' } });
  });

  it('takes the path over when only a stale socket file is left (nothing answers there)', async () => {
    const socket = join(dir.path, 'run', 'app.sock');
    first = await open(socket); // makes the 0700 folder
    await first.close();
    await staleSocket(socket);
    expect((await stat(socket)).isSocket()).toBe(true);
    first = await open(socket);
    first.ready();
    expect((await wireCall(socket, 'GET', '/hello')).status).toBe(200);
  });
});
