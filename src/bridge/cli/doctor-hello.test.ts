import { chmod, mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import { helloCheck } from './doctor-hello';

const TOKEN = 'hello-token-8e2b4d6f0a1c3e5b7d9f1a3c5e7b9d0f';

let dir: TempDir;
let collie: Collie | undefined;
let server: Server | undefined;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  await collie?.close();
  collie = undefined;
  if (server) await new Promise<void>((r) => server!.close(() => r()));
  server = undefined;
  await dir.cleanup();
});

/** A listener on a private socket that answers every request with `body`. */
async function fakeAgent(body: unknown): Promise<string> {
  const folder = join(dir.path, 'fake');
  await mkdir(folder, { mode: 0o700 });
  const path = join(folder, 'agent.sock');
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)));
  await new Promise<void>((r) => server!.listen(path, r));
  await chmod(path, 0o600);
  return path;
}

const socketSource = (path: string) => ({ name: 'desk', address: { kind: 'socket' as const, path } });
const hello = (protocol: { min: number; max: number }) => ({
  service: 'collie-durable',
  protocol,
  host: { name: 'fake' },
  epoch: 'e'.repeat(22),
  ready: true,
  caps: {},
});

describe('helloCheck', () => {
  it('says the range and whether the agent is ready', async () => {
    const socket = join(dir.path, 'run', 'agent.sock');
    collie = await openCollie({ socket, hostName: 'desk', caps: { asks: true }, log: () => {} });
    expect(await helloCheck(socketSource(socket))).toEqual({ ok: true, text: 'speaks 1..1, not ready (starting)' });
    collie.ready();
    expect(await helloCheck(socketSource(socket))).toEqual({ ok: true, text: 'speaks 1..1, ready' });
  });

  it('fails ranges that do not meet with both ranges', async () => {
    const path = await fakeAgent(hello({ min: 2, max: 3 }));
    expect(await helloCheck(socketSource(path))).toEqual({ ok: false, text: 'incompatible: the durable agent speaks 2..3, this Collie speaks 1..1' });
  });

  it('fails a listener that is no durable agent, and an address that is missing', async () => {
    const path = await fakeAgent({ service: 'something-else' });
    expect(await helloCheck(socketSource(path))).toEqual({ ok: false, text: 'unreachable: not a durable agent: the listener does not say collie-durable' });
    expect(await helloCheck(socketSource(join(dir.path, 'none', 'a.sock')))).toEqual({ ok: false, text: `unreachable: no socket at ${join(dir.path, 'none', 'a.sock')}` });
    expect(await helloCheck({ name: 'default', address: null, problem: 'configuration error: COLLIE_DURABLE_URL is set without COLLIE_DURABLE_TOKEN' })).toEqual({
      ok: false,
      text: 'unreachable: configuration error: COLLIE_DURABLE_URL is set without COLLIE_DURABLE_TOKEN',
    });
  });

  it('says token-refused when the agent refuses the token, without showing it', async () => {
    collie = await openCollie({ port: 0, tokens: [TOKEN], hostName: 'edge', log: () => {} });
    collie.ready();
    const url = collie.address;
    expect(await helloCheck({ name: 'edge', address: { kind: 'url', url, token: TOKEN } })).toEqual({ ok: true, text: 'speaks 1..1, ready' });
    const wrong = `${TOKEN.slice(0, -4)}0000`;
    const refused = await helloCheck({ name: 'edge', address: { kind: 'url', url, token: wrong } });
    expect(refused).toEqual({ ok: false, text: 'token-refused: the durable agent answered 401; attach it again with its token, then collie restart' });
  });
});
