import { mkdir, stat, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, wireCall, type TempDir } from '../../agent/testing';
import { runCli, spawnCli, startBridgeProcess, type BridgeProcess } from '../testing/cli-harness';
import type { DashboardJson } from '../../wire/bridge-json';

let dir: TempDir;
let env: NodeJS.ProcessEnv;
let bridge: BridgeProcess | undefined;
let holder: Server | undefined;

beforeEach(async () => {
  dir = await tempDir();
  env = { COLLIE_CONFIG_DIR: join(dir.path, 'config'), COLLIE_STATE_DIR: join(dir.path, 'state'), COLLIE_MUX: '', COLLIE_PROGRAMS: '' };
});
afterEach(async () => {
  await bridge?.stop();
  bridge = undefined;
  await new Promise((resolve) => (holder ? holder.close(resolve) : resolve(undefined)));
  holder = undefined;
  await dir.cleanup();
});

/** The desk agent's status on the dashboard once it is `ok`, waiting on the dashboard's long-poll. */
async function deskBecomesOk(url: string, cookie: string): Promise<void> {
  let etag = '';
  const deadline = Date.now() + 15000;
  while (Date.now() < deadline) {
    const res = await fetch(new URL(etag ? 'api/dashboard?wait=1' : 'api/dashboard', url), { headers: { cookie, ...(etag ? { 'if-none-match': etag } : {}) } });
    etag = res.headers.get('etag') ?? '';
    if (res.status === 200 && ((await res.json()) as DashboardJson).agents.find((a) => a.name === 'desk')?.status === 'ok') return;
  }
  throw new Error('the desk agent did not show as ok');
}

describe('collie start when another start holds the state folder or the port', () => {
  it('a second start --demo on the same state folder and port fails with one line and exit 1; the first and its demo agent still answer', { timeout: 60000 }, async () => {
    bridge = await startBridgeProcess(env, ['--demo']);
    const port = new URL(bridge.url).port;
    const demoSocket = join(dir.path, 'state', 'demo', 'desk.sock');

    const second = await runCli(['start', '--demo', '--port', port], env);
    expect(second.code).toBe(1);
    expect(second.stdout).toBe('');
    expect(second.stderr).toMatch(
      /^\[bridge\] FATAL: a bridge already runs for \S+ \(pid \d+, http:\/\/127\.0\.0\.1:\d+\/\): stop it first, or give this one its own COLLIE_STATE_DIR\n$/,
    );

    // The demo agent starts beside the bridge, so its socket is there once the bridge reads it ok (on a busy machine, not before).
    await deskBecomesOk(bridge.url, bridge.cookie);
    expect((await wireCall(demoSocket, 'GET', '/hello')).json).toMatchObject({ service: 'collie-durable', host: { name: 'desk' } });
    expect(bridge.output()).not.toContain('FATAL');
    // The demo agent's Node line (no caller check) is collie doctor's to say, not every start's.
    expect(bridge.output()).not.toContain('Node cannot tell');
    // The phone shows the demo agent, and so does the list.
    expect((await runCli(['durable', 'list'], env)).stdout).toBe('desk  (started by the bridge: collie start --demo)  ok\n');
  });

  it('a taken port stops the start before the demo agent starts', async () => {
    holder = createServer();
    await new Promise<void>((resolve) => holder!.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    const run = await runCli(['start', '--demo', '--port', String(port)], env);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `[bridge] FATAL: port ${port} on 127.0.0.1 is in use (is collie start already running?): stop that, or give another --port\n`,
    });
    await expect(stat(join(dir.path, 'state', 'demo'))).rejects.toThrow(/ENOENT/);
  });

  it('a demo agent that cannot start stops the bridge with one FATAL line, even after the link was printed', async () => {
    // The demo's data folder is a file: the agent exits at once, while the bridge already listens.
    await mkdir(join(dir.path, 'state', 'demo'), { recursive: true, mode: 0o700 });
    await writeFile(join(dir.path, 'state', 'demo', 'desk-data'), 'not a folder');
    const start = spawnCli(['start', '--port', '0', '--demo'], env);
    await start.waitFor(/\[bridge\] FATAL: the desk demo agent exited \(\d+\)/);
    expect(await start.stop()).toBe(1);
    await expect(stat(join(dir.path, 'state', 'bridge.json'))).rejects.toThrow(/ENOENT/);
  });
});
