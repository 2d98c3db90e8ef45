import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import { startBridge, type RunningBridge } from '../bridge';
import { controlCall } from '../cli/control-client';
import { CONTROL_PATHS } from '../control/control-paths';
import { makeTestCa } from '../testing/tls';
import { FAILURES_ALLOWED } from './failure-limit';
import { pairAllowed, waitingRequest } from '../testing/paired';

/** Pairing over the real bridge: redeeming a link, the cookie, single use, the limit, revoke, and what is kept on disk. */
let dir: TempDir;
let collie: Collie;
let bridge: RunningBridge;
let logs: string[];
const stateDir = () => join(dir.path, 'state');

async function run(extra: Partial<Parameters<typeof startBridge>[0]> = {}) {
  bridge = await startBridge({
    sources: [{ name: 'desk', address: { kind: 'socket', path: collie.address } }],
    durable: true,
    stateDir: stateDir(),
    host: '127.0.0.1',
    port: 0,
    log: (line) => logs.push(line),
    ...extra,
  });
}
beforeEach(async () => {
  dir = await tempDir();
  logs = [];
  collie = await openCollie({ socket: join(dir.path, 'run', 'app.sock'), hostName: 'desk', caps: { asks: true }, log: () => {} });
  collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' });
  collie.ready();
});
afterEach(async () => {
  await bridge.close();
  await collie.close();
  await dir.cleanup();
});

const secretOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('pair') ?? '';
const pair = (secret: string, name = 'Pixel 7') =>
  fetch(`${bridge.url}api/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ secret, name }) });
const cookieOf = (reply: Response) => reply.headers.get('set-cookie')?.split(';')[0] ?? '';

describe('pairing a phone', () => {
  it('trades a one-time link for an HttpOnly, SameSite=Strict cookie; the link then says it was used', async () => {
    await run();
    const { link } = bridge.invite();
    expect(link).toMatch(new RegExp(`^${bridge.url}#pair=[A-Za-z0-9_-]{43}$`));
    const reply = await pair(secretOf(link));
    expect(reply.status).toBe(200);
    const body = await reply.text();
    expect(JSON.parse(body)).toEqual({ device: { id: expect.stringMatching(/^d-/), name: 'Pixel 7', role: 'control' } });
    const setCookie = reply.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^collie_device=d-[0-9a-f]+\.[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    const credential = setCookie.split(';')[0]!.split('=')[1]!;
    expect(body).not.toContain(credential.split('.')[1]);
    expect((await fetch(`${bridge.url}api/dashboard`, { headers: { cookie: cookieOf(reply) } })).status).toBe(200);

    const again = await pair(secretOf(link), 'Other');
    expect([again.status, ((await again.json()) as { code: string }).code]).toEqual([403, 'invitation-used']);

    // Only the hash is kept: no credential in devices.json, the audit log, the bridge's log or any reply.
    const secret = credential.split('.')[1]!;
    await bridge.devices.settled();
    expect(await readFile(join(stateDir(), 'devices.json'), 'utf8')).not.toContain(secret);
    const device = await (await fetch(`${bridge.url}api/device`, { headers: { cookie: cookieOf(reply) } })).text();
    expect(device).not.toContain(secret);
    expect(logs.join('\n')).not.toContain(secret);
    expect(await readFile(join(stateDir(), 'audit.log'), 'utf8')).toMatch(/"event":"device.pair"/);
    expect(await readFile(join(stateDir(), 'audit.log'), 'utf8')).not.toContain(secret);
  });

  it("gives the invitation's name and role to the device, and says so for a link the bridge never made", async () => {
    await run();
    const reply = await pair(secretOf(bridge.invite({ name: 'Kitchen', role: 'watch' }).link), 'Ignored');
    expect(await reply.json()).toMatchObject({ device: { name: 'Kitchen', role: 'watch' } });
    const stranger = await pair('A'.repeat(43));
    expect([stranger.status, ((await stranger.json()) as { code: string }).code]).toEqual([403, 'invitation-unknown']);
  });

  it('refuses wrong links from an address after ten in 15 minutes, with retryAfter, logs it once, and still pairs a valid link from there', async () => {
    await run();
    const used = secretOf(bridge.invite().link);
    const first = await pair(used);
    expect(first.status).toBe(200);
    const firstCookie = cookieOf(first);
    for (let i = 0; i < FAILURES_ALLOWED - 1; i += 1) expect((await pair(`${'B'.repeat(42)}${i}`)).status).toBe(403);
    expect((await pair(used)).status).toBe(403); // a used link is a wrong one too: the tenth
    const limited = await pair('C'.repeat(43));
    const body = (await limited.json()) as { code: string; retryAfter: number };
    expect([limited.status, body.code]).toEqual([429, 'too-many-tries']);
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(limited.headers.get('retry-after')).toBe(String(body.retryAfter));
    // Behind a proxy every phone comes from this one address: a fresh link must still pair (once the paired phone allows it), every time.
    for (const name of ['Phone A', 'Phone B']) {
      const fresh = await pairAllowed(bridge.url, secretOf(bridge.invite({ name }).link), firstCookie, name);
      expect([fresh.status, (JSON.parse(fresh.text) as { device: { name: string } }).device.name]).toEqual([200, name]);
    }
    expect((await pair(used)).status).toBe(429);
    expect(logs.filter((line) => line.includes('too many wrong pairing links'))).toHaveLength(1);
  });

  it('once a phone that may act is paired, a new device waits for its Allow: the card says where the link was made and opened', async () => {
    await run();
    const firstCookie = cookieOf(await pair(secretOf(bridge.invite().link)));
    const made = { by: 'collie pair' as const, pid: 4242, command: 'node collie pair --name my-phone', terminal: null };
    const secret = secretOf(bridge.invite({ name: 'my-phone', made }).link);
    const ask = () => fetch(`${bridge.url}api/pair`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'curl/8' }, body: JSON.stringify({ secret }) });
    expect((await ask()).status).toBe(202); // told at once to wait
    const asking = ask(); // held until a phone decides
    const request = await waitingRequest(bridge.url, firstCookie);
    expect(request).toMatchObject({ name: 'my-phone', role: 'control', made, from: { address: '127.0.0.1', browser: 'Browser' } });
    expect(Date.parse(request.expiresAt)).toBeGreaterThan(Date.now());
    // A watch phone sees it but cannot decide; a phone with no device at all cannot read it.
    const watcher = await pairAllowed(bridge.url, secretOf(bridge.invite({ name: 'Kitchen', role: 'watch' }).link), firstCookie, 'Kitchen');
    const watchCookie = String(watcher.headers['set-cookie']).split(';')[0]!;
    const watch = await fetch(`${bridge.url}api/pairing/${request.id}`, {
      method: 'POST',
      headers: { cookie: watchCookie, 'content-type': 'application/json' },
      body: '{"allow":true}',
    });
    expect(watch.status).toBe(403);
    const refuse = await fetch(`${bridge.url}api/pairing/${request.id}`, {
      method: 'POST',
      headers: { cookie: firstCookie, 'content-type': 'application/json' },
      body: '{"allow":false}',
    });
    expect(await refuse.json()).toEqual({ outcome: 'refused' });
    const refused = await asking;
    expect([refused.status, ((await refused.json()) as { code: string }).code, refused.headers.get('set-cookie')]).toEqual([403, 'invitation-refused', null]);
    expect(bridge.devices.list().map((d) => d.name)).toEqual(['Pixel 7', 'Kitchen']);
    const again = await fetch(`${bridge.url}api/pairing/${request.id}`, {
      method: 'POST',
      headers: { cookie: firstCookie, 'content-type': 'application/json' },
      body: '{"allow":true}',
    });
    expect(await again.json()).toEqual({ outcome: 'gone' });
    const audit = await readFile(join(stateDir(), 'audit.log'), 'utf8');
    expect(audit).toMatch(/"event":"device.pair-refused"/);
    expect(audit).toMatch(/"event":"device.pair","id":"d-[0-9a-f]+","role":"watch","allowedBy":"d-/);
  });

  it('a device that asks while nothing is decided is told to ask again (202) under the same link, and pairs once allowed', async () => {
    await run({ phoneLimits: { pairWaitMs: 100 } });
    const firstCookie = cookieOf(await pair(secretOf(bridge.invite().link)));
    const secret = secretOf(bridge.invite().link);
    for (let i = 0; i < 2; i += 1) {
      const waiting = await pair(secret, 'Tablet');
      expect(waiting.status).toBe(202);
      expect(await waiting.json()).toEqual({ waiting: { expiresAt: expect.any(String) } });
    }
    const request = await waitingRequest(bridge.url, firstCookie);
    const dashboard = (await (await fetch(`${bridge.url}api/dashboard`, { headers: { cookie: firstCookie } })).json()) as { pairing: unknown[] };
    expect(dashboard.pairing).toHaveLength(1);
    await fetch(`${bridge.url}api/pairing/${request.id}`, { method: 'POST', headers: { cookie: firstCookie, 'content-type': 'application/json' }, body: '{"allow":true}' });
    const paired = await pair(secret, 'Tablet');
    expect([paired.status, ((await paired.json()) as { device: { name: string } }).device.name]).toEqual([200, 'Tablet']);
    expect(cookieOf(paired)).toMatch(/^collie_device=d-/);
    expect([(await pair(secret)).status]).toEqual([403]); // spent
  });

  it('revoked over the control socket: the held long-poll ends with 401 at once, and so does the next request', async () => {
    // No agent runs in this process for this one: the control socket refuses a change asked by an agent's own process.
    await run({ sources: [] });
    const cookie = cookieOf(await pair(secretOf(bridge.invite().link)));
    const first = await fetch(`${bridge.url}api/dashboard`, { headers: { cookie } });
    const held = fetch(`${bridge.url}api/dashboard?wait=1`, { headers: { cookie, 'if-none-match': first.headers.get('etag')! } });
    const devices = (await controlCall(stateDir(), 'GET', CONTROL_PATHS.devices)).json as { devices: { id: string }[] };
    const [device] = devices.devices;
    expect(JSON.stringify(devices)).not.toMatch(/credential/i);
    expect((await controlCall(stateDir(), 'POST', CONTROL_PATHS.revoke, { id: device!.id })).status).toBe(200);
    const ended = await held;
    expect([ended.status, ((await ended.json()) as { code: string }).code]).toEqual([401, 'not-paired']);
    expect((await fetch(`${bridge.url}api/dashboard`, { headers: { cookie } })).status).toBe(401);
    expect(await readFile(join(stateDir(), 'audit.log'), 'utf8')).toMatch(/"event":"device.revoke"/);
  });

  it('"Forget this phone": the device revokes itself and its cookie is cleared', async () => {
    await run();
    const cookie = cookieOf(await pair(secretOf(bridge.invite().link)));
    const forgot = await fetch(`${bridge.url}api/device/forget`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
    expect(forgot.status).toBe(200);
    expect(forgot.headers.get('set-cookie')).toMatch(/^collie_device=; Path=\/; Max-Age=0; HttpOnly; SameSite=Strict/);
    expect(bridge.devices.list()).toEqual([]);
  });

  it('stops with one FATAL line on a malformed devices.json', async () => {
    await mkdir(stateDir(), { recursive: true, mode: 0o700 });
    await writeFile(join(stateDir(), 'devices.json'), 'not json');
    const err = await run().catch((e: { line?: string }) => e);
    expect((err as { line?: string }).line).toMatch(/^\[bridge\] FATAL: .*devices\.json is not valid JSON/);
    await run({ stateDir: join(dir.path, 'other') }); // for afterEach
  });
});

describe('pairing over HTTPS', () => {
  it('serves the API over TLS with a certificate the test made, and the cookie is Secure', async () => {
    const tls = await makeTestCa(dir.path);
    await run({ tls: { cert: tls.cert.toString(), key: tls.key.toString() } });
    expect(bridge.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/$/);
    const link = bridge.invite().link;
    const reply = await new Promise<{ status: number; cookie: string }>((resolve, reject) => {
      const body = JSON.stringify({ secret: secretOf(link) });
      const req = httpsRequest(
        `${bridge.url}api/pair`,
        { method: 'POST', ca: tls.ca, headers: { 'content-type': 'application/json', 'content-length': String(body.length) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, cookie: String(res.headers['set-cookie'] ?? '') }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(reply.status).toBe(200);
    expect(reply.cookie).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('links name the public origin a TLS proxy gives the phone, and the API answers to that name', async () => {
    await run({ publicOrigins: ['https://bridge.example.ts.net'] });
    expect(bridge.invite().link).toMatch(/^https:\/\/bridge\.example\.ts\.net\/#pair=/);
    // As `tailscale serve` forwards it: the Host and Origin the phone used.
    const body = JSON.stringify({ secret: secretOf(bridge.invite().link) });
    const status = await new Promise<number>((resolve, reject) => {
      const headers = { host: 'bridge.example.ts.net', origin: 'https://bridge.example.ts.net', 'content-type': 'application/json', 'content-length': String(body.length) };
      const req = httpRequest(`${bridge.url}api/pair`, { method: 'POST', headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(200);
  });
});
