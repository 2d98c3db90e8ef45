import { afterEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie } from './kit';
import { createTokenCheck } from './token-check';
import { makeTestCa } from '../bridge/testing/tls';

const TOKEN = 'a'.repeat(40);
const NEXT = 'b'.repeat(40);
let collie: Collie | undefined;
afterEach(async () => {
  await collie?.close();
  collie = undefined;
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${collie!.address}/session/v1${path}`, { headers });
  return { status: res.status, text: await res.text() };
}

describe('the token transport', () => {
  it('checks the token before anything else and says nothing more than unauthorized', async () => {
    collie = await openCollie({ port: 0, tokens: [TOKEN], hostName: 'edge', caps: { asks: true }, log: () => {} });
    expect(collie.address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const headers of [{} as Record<string, string>, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }]) {
      for (const path of ['/hello', '/snapshot', '/nowhere']) {
        expect(await get(path, headers)).toEqual({ status: 401, text: '{"code":"unauthorized"}' });
      }
    }
    const hello = await get('/hello', { authorization: `Bearer ${TOKEN}` });
    expect(hello.status).toBe(200);
    // With the token, the usual order of checks follows: version, then readiness.
    expect((await get('/snapshot', { authorization: `Bearer ${TOKEN}` })).text).toBe('{"code":"version-required"}');
    expect((await get('/snapshot', { authorization: `Bearer ${TOKEN}`, 'x-collie-session': '1' })).status).toBe(503);
  });

  it('accepts a second token during a rotation', async () => {
    collie = await openCollie({ port: 0, tokens: [TOKEN, NEXT], hostName: 'edge', log: () => {} });
    expect((await get('/hello', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await get('/hello', { authorization: `Bearer ${NEXT}` })).status).toBe(200);
  });

  it('rotates its tokens without a restart, and never to none', async () => {
    collie = await openCollie({ port: 0, tokens: [TOKEN], hostName: 'edge', log: () => {} });
    const epoch = JSON.parse((await get('/hello', { authorization: `Bearer ${TOKEN}` })).text).epoch;
    collie.setTokens([TOKEN, NEXT]);
    expect((await get('/hello', { authorization: `Bearer ${NEXT}` })).status).toBe(200);
    collie.setTokens([NEXT]);
    expect(await get('/hello', { authorization: `Bearer ${TOKEN}` })).toEqual({ status: 401, text: '{"code":"unauthorized"}' });
    const after = await get('/hello', { authorization: `Bearer ${NEXT}` });
    expect(JSON.parse(after.text).epoch).toBe(epoch); // the same run: nothing restarted
    expect(() => collie!.setTokens([' '])).toThrow('at least one token');
    expect((await get('/hello', { authorization: `Bearer ${NEXT}` })).status).toBe(200);
  });

  it('reads COLLIE_TOKEN and COLLIE_TOKEN_NEXT when no tokens are given', async () => {
    const { tokensFromEnv } = await import('./token-check');
    expect(tokensFromEnv({ COLLIE_TOKEN: TOKEN, COLLIE_TOKEN_NEXT: NEXT })).toEqual([TOKEN, NEXT]);
    expect(tokensFromEnv({ COLLIE_TOKEN: TOKEN, COLLIE_TOKEN_NEXT: '' })).toEqual([TOKEN]);
  });

  it('refuses to start without a token', async () => {
    await expect(openCollie({ port: 0, tokens: [], hostName: 'edge', log: () => {} })).rejects.toThrow('at least one token');
  });
});

describe('createTokenCheck', () => {
  it('accepts only an exact bearer token', () => {
    const check = createTokenCheck([TOKEN]);
    expect(check(`Bearer ${TOKEN}`)).toBe(true);
    for (const bad of [undefined, '', 'Bearer ', `Bearer ${TOKEN.slice(1)}`, `bearer ${TOKEN}`, `Bearer  ${TOKEN}`]) expect(check(bad)).toBe(false);
  });
});

describe('the token transport over TLS', () => {
  it('serves https with the given certificate and still checks the token first', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { request } = await import('node:https');
    const dir = await mkdtemp(join(tmpdir(), 'collie-tls-'));
    try {
      const { key, cert, ca } = await makeTestCa(dir);
      collie = await openCollie({ port: 0, tls: { key, cert }, tokens: [TOKEN], hostName: 'edge', log: () => {} });
      expect(collie.address).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const call = (auth?: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = request(`${collie!.address}/session/v1/hello`, { ca, headers: auth ? { authorization: auth } : {} }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          });
          req.on('error', reject);
          req.end();
        });
      expect(await call()).toEqual({ status: 401, body: '{"code":"unauthorized"}' });
      expect((await call(`Bearer ${TOKEN}`)).status).toBe(200);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
