import { readFile, stat, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { bridgeFilePath, readBridgeFile, removeBridgeFile, writeBridgeFile } from './bridge-file';

let dir: TempDir;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => dir.cleanup());

it('writes { pid, url } 0600, reads it back, and removes only its own', async () => {
  expect(await readBridgeFile(dir.path)).toBeNull();
  await writeBridgeFile(dir.path, { pid: 4242, url: 'http://127.0.0.1:8787/' });
  expect(JSON.parse(await readFile(bridgeFilePath(dir.path), 'utf8'))).toEqual({ pid: 4242, url: 'http://127.0.0.1:8787/' });
  expect((await stat(bridgeFilePath(dir.path))).mode & 0o777).toBe(0o600);
  expect(await readBridgeFile(dir.path)).toEqual({ pid: 4242, url: 'http://127.0.0.1:8787/' });

  await removeBridgeFile(dir.path, 1); // another bridge's file stays
  expect(await readBridgeFile(dir.path)).not.toBeNull();
  await removeBridgeFile(dir.path, 4242);
  expect(await readBridgeFile(dir.path)).toBeNull();
});

it('reads back an HTTPS bridge (--tls-cert) and an IPv6 address as well', async () => {
  for (const url of ['https://127.0.0.1:8787/', 'http://[::1]:8787/', 'https://bridge.example.ts.net/']) {
    await writeBridgeFile(dir.path, { pid: 4242, url });
    expect(await readBridgeFile(dir.path)).toEqual({ pid: 4242, url });
  }
});

it('reads a foreign or broken file as no bridge', async () => {
  for (const text of ['{', '[]', '{"pid":"1","url":"http://127.0.0.1:1/"}', '{"pid":1,"url":"https://elsewhere.example/x"}', '{"pid":1,"url":"ftp://127.0.0.1:1/"}']) {
    await writeFile(bridgeFilePath(dir.path), text);
    expect(await readBridgeFile(dir.path)).toBeNull();
  }
});
