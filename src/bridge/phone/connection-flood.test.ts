import { request as httpsRequest } from 'node:https';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { startBridge, type RunningBridge } from '../bridge';
import { pairedCookie } from '../testing/paired';
import { makeTestCa } from '../testing/tls';
import { scriptedAgent, type ScriptedAgent } from '../testing/scripted-agent';

/**
 * Strangers that open many connections and send their headers slowly (or never finish them)
 * cannot keep a paired phone out; a client that goes away mid-request is no error.
 */
let dir: TempDir;
let agent: ScriptedAgent;
let bridge: RunningBridge;
let log: string[];
const slow: Socket[] = [];

beforeEach(async () => {
  dir = await tempDir();
  agent = await scriptedAgent(dir.path);
  log = [];
  bridge = await startBridge({ sources: [agent.source], durable: true, stateDir: join(dir.path, 'state'), host: '127.0.0.1', port: 0, log: (line) => log.push(line) });
});
afterEach(async () => {
  for (const socket of slow.splice(0)) socket.destroy();
  await bridge.close();
  await agent.close();
  await dir.cleanup();
});

/** A client that has sent part of its request line and headers, and holds the rest back. */
function halfSent(port: number, localAddress: string): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => {
      socket.write('GET /api/dashboard HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
      resolve(socket);
    });
    socket.on('error', () => {}); // closed by the bridge: expected
    socket.on('close', () => resolve(socket));
    slow.push(socket);
  });
}

describe('a flood of half-sent requests', () => {
  for (const [where, addresses] of [
    ['from the phone’s own address (as behind a proxy)', ['127.0.0.1']],
    ['from twenty other addresses', Array.from({ length: 20 }, (_, i) => `127.0.0.${i + 2}`)],
  ] as const)
    it(`does not keep a paired phone out: 300 ${where}`, async () => {
      const cookie = await pairedCookie(bridge.devices);
      const port = Number(new URL(bridge.url).port);
      for (let i = 0; i < 300; i += 1) await halfSent(port, addresses[i % addresses.length]!);
      const replies = [];
      for (let i = 0; i < 5; i += 1) replies.push((await fetch(`${bridge.url}api/dashboard`, { headers: { cookie } })).status);
      expect(replies).toEqual([200, 200, 200, 200, 200]);
      // Most of the strangers' connections were closed to make room; a few may still wait.
      const open = slow.filter((s) => !s.destroyed && !s.readableEnded).length;
      expect(open).toBeLessThanOrEqual(64);
    });
});

describe('a flood of TLS handshakes never begun', () => {
  it('does not keep a paired phone out over HTTPS either', async () => {
    await bridge.close();
    const tls = await makeTestCa(dir.path);
    bridge = await startBridge({
      sources: [agent.source],
      durable: true,
      stateDir: join(dir.path, 'state'),
      host: '127.0.0.1',
      port: 0,
      log: (line) => log.push(line),
      tls: { cert: tls.cert.toString(), key: tls.key.toString() },
    });
    const cookie = await pairedCookie(bridge.devices);
    const port = Number(new URL(bridge.url).port);
    for (let i = 0; i < 300; i += 1)
      await new Promise<void>((resolve) => {
        const socket = connect({ port, host: '127.0.0.1' }, () => resolve());
        socket.on('error', () => {});
        socket.on('close', () => resolve());
        slow.push(socket);
      });
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpsRequest(`${bridge.url}api/dashboard`, { ca: tls.ca, headers: { cookie } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
  });
});

describe('a client that goes away mid-request', () => {
  it('is not logged as a failure and gets no reply', async () => {
    const port = Number(new URL(bridge.url).port);
    const cookie = await pairedCookie(bridge.devices);
    const received: Buffer[] = [];
    const closed = new Promise<void>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' }, () => {
        socket.write(
          `POST /api/agents/desk/panes/p/send HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"agent":`,
        );
        // Gone once the bridge has begun reading the body: its first reply would be to this request.
        setImmediate(() => socket.destroy());
      });
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      socket.on('close', () => resolve());
    });
    await closed;
    // The bridge is still well, and has said nothing about it.
    expect((await fetch(`${bridge.url}api/dashboard`, { headers: { cookie } })).status).toBe(200);
    expect(received).toEqual([]);
    expect(log.filter((line) => line.includes('phone request failed'))).toEqual([]);
  });
});
