import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { runCli, startBridgeProcess, type BridgeProcess } from '../testing/cli-harness';
import { httpsCall } from '../testing/https-call';
import { redeemAllowed } from '../testing/paired';
import { makeTestCa, type TestTls } from '../testing/tls';

/**
 * Every verb that asks the running bridge, against one that serves HTTPS (`--tls-cert`): the
 * verbs find it by bridge.json and ask it over the control socket, as they do a plain-HTTP one.
 */
let dir: TempDir;
let env: NodeJS.ProcessEnv;
let tls: TestTls;
let bridge: BridgeProcess | undefined;

beforeEach(async () => {
  dir = await tempDir();
  env = { COLLIE_CONFIG_DIR: join(dir.path, 'config'), COLLIE_STATE_DIR: join(dir.path, 'state'), COLLIE_MUX: '', COLLIE_PROGRAMS: '' };
  tls = await makeTestCa(dir.path);
  await writeFile(join(dir.path, 'cert.pem'), tls.cert);
  await writeFile(join(dir.path, 'key.pem'), tls.key, { mode: 0o600 });
});
afterEach(async () => {
  await bridge?.stop();
  bridge = undefined;
  await dir.cleanup();
});

it('pair, devices, durable list, doctor and restart find a bridge serving HTTPS, and a second start is refused', { timeout: 60000 }, async () => {
  // An agent that is not there: its state comes only from a running bridge ("bridge not running" else).
  await runCli(['durable', 'attach', 'far', '--socket', join(dir.path, 'no-such.sock')], env);
  const tlsArgs = ['--tls-cert', join(dir.path, 'cert.pem'), '--tls-key', join(dir.path, 'key.pem')];
  bridge = await startBridgeProcess(env, tlsArgs, { ca: tls.ca });
  expect(bridge.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/$/);

  const pair = await runCli(['pair', '--name', 'Tablet'], env);
  expect(pair).toMatchObject({ code: 0, stderr: '' });
  const link = /https:\/\/\S+#pair=[A-Za-z0-9_-]+/.exec(pair.stdout)?.[0] ?? '';
  const tablet = await redeemAllowed(link, bridge.cookie, 'Tablet', tls.ca);

  const devices = await runCli(['devices', '--json'], env);
  const listed = JSON.parse(devices.stdout) as { id: string; name: string }[];
  expect(listed.map((d) => d.name)).toEqual(['Test phone', 'Tablet']);
  // Revoked through the running bridge: its open reads end, and its next request is refused.
  expect((await runCli(['devices', 'revoke', listed[1]!.id], env)).stdout).toBe(`revoked ${listed[1]!.id}: its next request is refused, and its open reads ended\n`);
  expect((await httpsCall(new URL('api/dashboard', bridge.url), { ca: tls.ca, headers: { cookie: tablet } })).status).toBe(401);

  expect((await runCli(['durable', 'list'], env)).stdout).toMatch(/^far\s+socket \S+no-such\.sock\s+unreachable/);
  const doctor = await runCli(['doctor'], env);
  expect(doctor.stdout).toMatch(/^ok {3}program: far: read \d+ times/m);
  expect(doctor.stdout).not.toContain('the bridge is not running');

  expect(await runCli(['restart'], env)).toMatchObject({ code: 0, stdout: 'restarted: 1 durable agent(s)\n' });

  const second = await runCli(['start', '--port', '0', ...tlsArgs], env);
  expect(second.code).toBe(1);
  expect(second.stderr).toMatch(/^\[bridge\] FATAL: a bridge already runs for \S+ \(pid \d+, https:\/\/127\.0\.0\.1:\d+\/\): stop it first/);
  expect(bridge.output()).not.toContain('FATAL');
});
