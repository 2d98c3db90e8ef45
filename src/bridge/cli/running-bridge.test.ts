import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { askBridge, restartBridge, restartLine } from './running-bridge';
import { writeBridgeFile } from './bridge-file';
import type { StatusJson } from '../control/status-json';
import { CONTROL_PATHS, controlSocketPath } from '../control/control-paths';

let dir: TempDir;
let server: Server | undefined;
/** Woken when a caller hangs up on a request the silent stand-in holds. */
let hungUp: (() => void)[] = [];
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise<void>((r) => server!.close(() => r()));
  }
  server = undefined;
  hungUp = [];
  await dir.cleanup();
});

/** A stand-in bridge answering its status on the control socket (or never answering); returns the URL bridge.json names. */
async function statusServer(status: StatusJson | 'silent'): Promise<string> {
  server = createServer((req, res) => {
    if (status === 'silent') return void req.socket.once('close', () => hungUp.shift()?.()); // holds the request open
    if (req.url !== CONTROL_PATHS.status) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(status));
  });
  await new Promise<void>((r) => server!.listen(controlSocketPath(dir.path), r));
  return 'http://127.0.0.1:8787/';
}

const status: StatusJson = { pid: process.pid, startedAt: 1, durable: true, agents: [] };

describe('askBridge', () => {
  it('finds the bridge named in bridge.json when it answers with that pid', async () => {
    expect(await askBridge(dir.path)).toEqual({ running: false });
    const url = await statusServer(status);
    await writeBridgeFile(dir.path, { pid: process.pid, url });
    expect(await askBridge(dir.path)).toEqual({ running: true, file: { pid: process.pid, url }, status });
  });

  it('reads a dead pid, another pid, or no answer in time as not running', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const url = await statusServer({ ...status, pid: process.pid });
    await writeBridgeFile(dir.path, { pid: dead, url });
    expect(await askBridge(dir.path)).toEqual({ running: false });
    await writeBridgeFile(dir.path, { pid: process.ppid, url }); // alive, but not the one answering
    expect(await askBridge(dir.path)).toEqual({ running: false });

    server!.close();
    const silent = await statusServer('silent');
    await writeBridgeFile(dir.path, { pid: process.pid, url: silent });
    // Asked with a short wait and with the default one at once: the short wait is the one that
    // gives up first, and it hangs up on the request the server never answers.
    const hangUp = new Promise<void>((r) => hungUp.push(r));
    const quick = askBridge(dir.path, 300);
    const slow = askBridge(dir.path);
    let slowDone = false;
    void slow.then(() => (slowDone = true));
    const first = await Promise.race([quick.then(() => 'quick'), slow.then(() => 'slow')]);
    expect(first).toBe('quick');
    expect(await quick).toEqual({ running: false });
    await hangUp;
    expect(slowDone).toBe(false);
    server!.closeAllConnections(); // ends the default wait without sitting it out
    expect(await slow).toEqual({ running: false });
  });
});

describe('restartBridge', () => {
  it('signals nothing when no bridge runs, and says so', async () => {
    const result = await restartBridge(dir.path);
    expect(result).toEqual({ restarted: false, why: 'not-running' });
    expect(restartLine(result)).toBe('the bridge is not running: it reads sources.json when it starts (collie start)');
    expect(restartLine({ restarted: true, pid: 1, agents: 2 })).toBe('restarted: 2 durable agent(s)');
  });
});
