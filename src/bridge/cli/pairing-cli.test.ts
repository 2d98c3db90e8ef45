import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { redeemAllowed } from '../testing/paired';
import { runCli, startBridgeProcess, type BridgeProcess } from '../testing/cli-harness';

/** `collie pair` and `collie devices`, run as a user runs them, against a real bridge process. */
let dir: TempDir;
let env: NodeJS.ProcessEnv;
let bridge: BridgeProcess | undefined;

beforeEach(async () => {
  dir = await tempDir();
  env = { COLLIE_CONFIG_DIR: join(dir.path, 'config'), COLLIE_STATE_DIR: join(dir.path, 'state'), COLLIE_MUX: '', COLLIE_PROGRAMS: '' };
});
afterEach(async () => {
  await bridge?.stop();
  bridge = undefined;
  await dir.cleanup();
});

const linkIn = (text: string) => /https?:\/\/\S+#pair=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? '';
const dashboard = (cookie: string) => fetch(new URL('api/dashboard', bridge!.url), { headers: { cookie } });
type Listed = { id: string; name: string; role: string; created: string; lastSeen: string | null };

describe('collie pair and collie devices', () => {
  it('start prints a pairing link while no phone is paired, and the plain address once one is', async () => {
    bridge = await startBridgeProcess(env);
    expect(bridge.output()).toMatch(/\[bridge\] Open http:\/\/127\.0\.0\.1:\d+\/#pair=[A-Za-z0-9_-]{43} on your phone/);
    expect(bridge.cookie).not.toBe('');
    expect(await readFile(join(dir.path, 'state', 'bridge.log'), 'utf8')).not.toContain('#pair=');
    await bridge.stop();
    bridge = await startBridgeProcess(env);
    expect(bridge.cookie).toBe('');
    await bridge.waitFor(/collie pair pairs another phone/);
    expect(bridge.output()).not.toContain('#pair=');
  });

  it('pairs a second phone with its own device and a watch role; lists, renames and revokes it', async () => {
    bridge = await startBridgeProcess(env);
    const pair = await runCli(['pair', '--name', 'Kitchen tablet', '--watch'], env);
    expect(pair.code).toBe(0);
    expect(pair.stdout).toContain('It works once, for 10 minutes.');
    const second = await redeemAllowed(linkIn(pair.stdout), bridge.cookie, 'Kitchen tablet');
    expect((await dashboard(second)).status).toBe(200);

    const listed = await runCli(['devices', '--json'], env);
    const devices = JSON.parse(listed.stdout) as Listed[];
    expect(devices.map((d) => [d.name, d.role])).toEqual([
      ['Test phone', 'control'],
      ['Kitchen tablet', 'watch'],
    ]);
    expect(Object.keys(devices[0]!).sort()).toEqual(['created', 'id', 'lastSeen', 'name', 'role']);
    expect(listed.stdout).not.toContain(second.split('.')[1]);
    const table = await runCli(['devices'], env);
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+name\s+role\s+created\s+last seen$/);

    const kitchen = devices[1]!.id;
    expect(await runCli(['devices', 'rename', kitchen, 'Hall', 'screen'], env)).toMatchObject({ code: 0, stdout: `renamed ${kitchen}\n` });
    expect((JSON.parse((await runCli(['devices', '--json'], env)).stdout) as Listed[])[1]!.name).toBe('Hall screen');
    expect(await runCli(['devices', 'revoke', kitchen], env)).toMatchObject({ code: 0 });
    expect((await dashboard(second)).status).toBe(401);
    expect((await dashboard(bridge.cookie)).status).toBe(200);
    expect(await runCli(['devices', 'revoke', kitchen], env)).toMatchObject({ code: 1, stderr: `collie devices: no paired device has the id ${kitchen}\n` });

    // With the bridge stopped, the verbs work on devices.json itself.
    await bridge.stop();
    bridge = undefined;
    expect((JSON.parse((await runCli(['devices', '--json'], env)).stdout) as Listed[]).map((d) => d.name)).toEqual(['Test phone']);
    expect(await runCli(['pair'], env)).toMatchObject({ code: 1, stderr: 'collie pair: the bridge is not running: start it with collie start, then pair\n' });
  });

  it('refuses a bad pairing or devices command with its usage', async () => {
    expect(await runCli(['devices', 'rename', 'd-1'], env)).toMatchObject({ code: 2 });
    expect((await runCli(['devices', 'frobnicate'], env)).stderr).toMatch(/^collie devices: unknown devices command: frobnicate\nusage: collie devices \[--json\]/);
    expect((await runCli(['pair', 'extra'], env)).code).toBe(2);
  });
});
