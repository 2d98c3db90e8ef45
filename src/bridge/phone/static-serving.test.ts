import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { startBridge, type RunningBridge } from '../bridge';
import { precompress } from './precompress';

/** The built app as the bridge serves it: precompressed copies by Accept-Encoding, a year for hashed assets, a 304 for the shell. */
let dir: TempDir;
let bridge: RunningBridge;
const SCRIPT = `console.log(${JSON.stringify('collie '.repeat(400))});`;

beforeEach(async () => {
  dir = await tempDir();
  const app = join(dir.path, 'app');
  await mkdir(join(app, 'assets'), { recursive: true });
  await writeFile(join(app, 'index.html'), '<!doctype html><title>Collie</title><script src="/assets/app-1a2b.js"></script>');
  await writeFile(join(app, 'assets', 'app-1a2b.js'), SCRIPT);
  expect(await precompress(app)).toBe(2);
  bridge = await startBridge({ sources: [], durable: true, stateDir: join(dir.path, 'state'), host: '127.0.0.1', port: 0, log: () => {}, appDir: app });
});
afterEach(async () => {
  await bridge.close();
  await dir.cleanup();
});

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${bridge.url}${path.slice(1)}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serving the built app', () => {
  it('sends the precompressed copy the phone accepts, and the file itself to one that accepts none', async () => {
    const br = await get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length * 5).toBeLessThan(SCRIPT.length);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('accept-encoding');
    const gz = await get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip' });
    expect([gz.headers['content-encoding'], gunzipSync(gz.body).toString()]).toEqual(['gzip', SCRIPT]);
    const plain = await get('/assets/app-1a2b.js', { 'accept-encoding': 'identity' });
    expect([plain.headers['content-encoding'], plain.body.toString()]).toEqual([undefined, SCRIPT]);
    expect((await get('/assets/app-1a2b.js.br')).status).toBe(404);
  });

  it("allows the page's own inline script by its hash, compressed or not, and no inline script anywhere else", async () => {
    const app = join(dir.path, 'app');
    const hint = 'document.title = "hinted";';
    await writeFile(join(app, 'index.html'), `<!doctype html><title>Collie</title><script>${hint}</script><script type="module" src="/assets/app-1a2b.js"></script>`);
    expect(await precompress(app)).toBe(2);
    const allowed = `script-src 'self' 'sha256-${createHash('sha256').update(hint).digest('base64')}';`;
    for (const encoding of ['br', 'gzip', 'identity']) {
      const page = await get('/', { 'accept-encoding': encoding });
      expect(page.headers['content-security-policy']).toContain(allowed);
      expect((await get('/agent/x', { 'accept-encoding': encoding })).headers['content-security-policy']).toContain(allowed);
    }
    expect((await get('/assets/app-1a2b.js')).headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('gives the shell a validator: asked again with its ETag, it is a 304', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect([again.status, again.body.length]).toEqual([304, 0]);
  });
});
