import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TransportError, type WireCall } from './transport';
import { callUrl, callUrlWithoutToken } from './transport-url';
import { makeTestCa } from '../testing/tls';

const TOKEN = 'tok-3f9a1c7e5b2d48e6a0c4f1b9d7e2a6c8';
const call = (over: Partial<WireCall> = {}): WireCall => ({ method: 'GET', path: '/session/v1/hello', deadlineMs: 2000, maxBytes: 16384, ...over });

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((r) => {
          s.closeAllConnections();
          s.close(() => r());
        }),
    ),
  );
  servers = [];
});

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

/** A loopback HTTP server that records each request and answers with `reply`. */
async function httpAgent(reply: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ base: string; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  const port = await listen(
    createServer((req, res) => {
      seen.push(req);
      reply(req, res);
    }),
  );
  return { base: `http://127.0.0.1:${port}`, seen };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }).end(text);
};

async function failureOf(promise: Promise<unknown>): Promise<TransportError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TransportError);
  return err as TransportError;
}

describe('callUrl over loopback HTTP', () => {
  it('sends the bearer token and the call headers, and reads the JSON reply', async () => {
    const agent = await httpAgent((_req, res) => json(res, 200, { service: 'collie-durable' }));
    const res = await callUrl(agent.base, TOKEN, call({ headers: { 'x-collie-session': '1', Authorization: 'Bearer other' } }));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ service: 'collie-durable' });
    expect(agent.seen[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(agent.seen[0]!.headers['x-collie-session']).toBe('1');
    expect(agent.seen[0]!.url).toBe('/session/v1/hello');
  });

  it('appends the path to a base that has a path of its own', async () => {
    const agent = await httpAgent((_req, res) => json(res, 200, {}));
    await callUrl(`${agent.base}/agents/one/`, TOKEN, call({ path: '/session/v1/pane/p/events?after=3&epoch=e' }));
    expect(agent.seen[0]!.url).toBe('/agents/one/session/v1/pane/p/events?after=3&epoch=e');
  });

  it('sends a POST body as JSON', async () => {
    let body = '';
    const agent = await httpAgent((req, res) => {
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => json(res, 200, { outcome: 'taken' }));
    });
    const res = await callUrl(agent.base, TOKEN, call({ method: 'POST', path: '/session/v1/pane/p/answer', body: { requestId: 'r-1' } }));
    expect(res.json).toEqual({ outcome: 'taken' });
    expect(JSON.parse(body)).toEqual({ requestId: 'r-1' });
  });

  it('passes a redirect up as a status and never follows it', async () => {
    const elsewhere = await httpAgent((_req, res) => json(res, 200, { stolen: true }));
    const agent = await httpAgent((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.base}/session/v1/hello`, 'content-type': 'text/html' }).end('<a href="x">moved</a>');
    });
    const res = await callUrl(agent.base, TOKEN, call());
    expect(res.status).toBe(302);
    expect(res.headers.location).toContain(elsewhere.base);
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('does not read a reply over maxBytes, declared or streamed', async () => {
    const declared = await httpAgent((_req, res) => json(res, 200, { pad: 'x'.repeat(100) }));
    expect((await failureOf(callUrl(declared.base, TOKEN, call({ maxBytes: 50 })))).failure).toBe('too-large');
    const streamed = await httpAgent((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"pad":"');
      res.end(`${'x'.repeat(100)}"}`);
    });
    expect((await failureOf(callUrl(streamed.base, TOKEN, call({ maxBytes: 50 })))).failure).toBe('too-large');
  });

  it('gives up at the deadline for the whole exchange', async () => {
    let begun = () => {};
    const replyBegun = new Promise<void>((r) => (begun = r));
    const agent = await httpAgent((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{', () => begun()); // …and never the rest
    });
    // Only the exchange's own deadline runs on the fake clock; the sockets stay real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let settled = false;
      const failed = failureOf(callUrl(agent.base, TOKEN, call({ deadlineMs: 200 }))).finally(() => (settled = true));
      await replyBegun;
      await vi.advanceTimersByTimeAsync(199);
      expect(settled).toBe(false); // a reply that has begun but not ended is still waited for…
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true); // …until the deadline, to the millisecond
      const err = await failed;
      expect(err.failure).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a body that is not JSON', async () => {
    const agent = await httpAgent((_req, res) => res.writeHead(200).end('<html>'));
    expect((await failureOf(callUrl(agent.base, TOKEN, call()))).failure).toBe('not-json');
  });

  it('refuses plain http to any host but 127.0.0.1 or localhost, and a bad token, before connecting', async () => {
    const other = await failureOf(callUrl('http://example.com:8080', TOKEN, call()));
    expect(other.failure).toBe('bad-address');
    const short = await failureOf(callUrl('http://127.0.0.1:1', 'short', call()));
    expect(short.failure).toBe('bad-address');
    const newline = await failureOf(callUrl('http://127.0.0.1:1', `${TOKEN}\r\nx-evil: 1`, call()));
    expect(newline.failure).toBe('bad-address');
    expect(newline.message).not.toContain(TOKEN);
  });

  it('sends no Authorization at all through callUrlWithoutToken', async () => {
    const agent = await httpAgent((_req, res) => json(res, 401, { code: 'unauthorized' }));
    const res = await callUrlWithoutToken(agent.base, call({ headers: { authorization: 'Bearer sneaked-in-token-value-000000000' } }));
    expect(res.status).toBe(401);
    expect(agent.seen[0]!.headers.authorization).toBeUndefined();
  });

  it('never puts the token in an error message', async () => {
    const closedPort = await (async () => {
      const server = createServer();
      const port = await listen(server);
      await new Promise<void>((r) => server.close(() => r()));
      servers = servers.filter((s) => s !== server);
      return port;
    })();
    const hangs = await httpAgent(() => {});
    const resets = await httpAgent((req) => req.socket.destroy());
    const big = await httpAgent((_req, res) => json(res, 200, { pad: 'x'.repeat(100) }));
    const messages = await Promise.all([
      failureOf(callUrl(`http://127.0.0.1:${closedPort}`, TOKEN, call())),
      failureOf(callUrl(hangs.base, TOKEN, call({ deadlineMs: 100 }))),
      failureOf(callUrl(resets.base, TOKEN, call())),
      failureOf(callUrl(big.base, TOKEN, call({ maxBytes: 10 }))),
      failureOf(callUrl('https://127.0.0.1:1', TOKEN, call())),
    ]);
    expect(messages.map((m) => m.failure)).toEqual(['connection-refused', 'timeout', 'connection-lost', 'too-large', 'connection-refused']);
    for (const err of messages) {
      expect(err.message).not.toContain(TOKEN);
      expect(String(err.stack)).not.toContain(TOKEN);
    }
  });
});

describe('callUrl over HTTPS', () => {
  let dir: string;
  let key: string;
  let cert: string;
  /** What a client is told to trust. */
  let ca: string;

  beforeAll(async () => {
    // A throwaway CA and a certificate it signed for localhost and 127.0.0.1, made fresh for this run.
    dir = await mkdtemp(join(tmpdir(), 'collie-tls-'));
    const tls = await makeTestCa(dir);
    [key, cert, ca] = [tls.key.toString(), tls.cert.toString(), tls.ca.toString()];
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function httpsAgent(listener: RequestListener): Promise<string> {
    const port = await listen(createTlsServer({ key, cert }, listener));
    return `https://127.0.0.1:${port}`;
  }

  it('refuses a certificate it was not told to trust, without the token in the message', async () => {
    let reached = false;
    const base = await httpsAgent((_req, res) => {
      reached = true;
      json(res, 200, {});
    });
    const err = await failureOf(callUrl(base, TOKEN, call()));
    expect(err.failure).toBe('certificate-refused');
    expect(err.message).not.toContain(TOKEN);
    expect(reached).toBe(false);
  });

  it('accepts the certificate when its CA is given, and sends the bearer token', async () => {
    let authorization: string | undefined;
    const base = await httpsAgent((req, res) => {
      authorization = req.headers.authorization;
      json(res, 200, { service: 'collie-durable' });
    });
    const res = await callUrl(base, TOKEN, call(), { ca });
    expect(res.json).toEqual({ service: 'collie-durable' });
    expect(authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('checks the host name against the certificate', async () => {
    // The certificate names localhost and 127.0.0.1, not 127.0.0.2 (also loopback on Linux).
    const server = createTlsServer({ key, cert }, (_req, res) => json(res, 200, {}));
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.2', r));
    const { port } = server.address() as AddressInfo;
    const err = await failureOf(callUrl(`https://127.0.0.2:${port}`, TOKEN, call(), { ca }));
    expect(err.failure).toBe('certificate-refused');
    expect(err.message).toContain('ERR_TLS_CERT_ALTNAME_INVALID');
  });
});
