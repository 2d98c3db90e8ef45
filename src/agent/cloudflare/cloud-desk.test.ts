import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WIRE_PREFIX } from '../../wire/agent-paths';
import type { Snapshot } from '../../wire/types';
import { VERSION_HEADER } from '../../wire/wire-protocol';
import { openCollie, type Collie } from '../kit';
import { tempDir, type TempDir } from '../testing';
import { DESK_CAPS, DESK_HOST, startDesk } from './desk/desk-agent';
import { checkWrites } from '../../bridge/testing/check-writes';
import { freePort, startCloudDev, type CloudRun } from './testing/cloud-dev-run';

/**
 * The hosted desk under the real workerd (`npm run cloud:dev`), checked from outside as any
 * agent is: `collie durable check --writes`, a prober with a wrong token, a restart of workerd.
 */
const TOKEN = 'cloud-token-5f1d9a3c7e2b4d6f8a0c1e3b5d7f9a1c';
const OBJECT_REQUEST = /\[agent\] object request: /g;

let runs: CloudRun[] = [];
let dirs: TempDir[] = [];
let node: Collie | undefined;
afterEach(async () => {
  await Promise.all(runs.map((run) => run.stop()));
  await node?.close();
  await Promise.all(dirs.map((dir) => dir.cleanup()));
  runs = [];
  dirs = [];
  node = undefined;
});

async function cloudDesk(state?: string) {
  const dir = state ? undefined : await tempDir();
  if (dir) dirs.push(dir);
  const port = await freePort();
  const run = await startCloudDev('desk', { port, state: state ?? join(dir!.path, 'state'), vars: { COLLIE_TOKEN: TOKEN, COLLIE_LOG_OBJECT_REQUESTS: '1' } });
  runs.push(run);
  return run;
}

const call = (url: string, path: string, token = TOKEN) => fetch(`${url}${WIRE_PREFIX}${path}`, { headers: { authorization: `Bearer ${token}`, [VERSION_HEADER]: '1' } });

describe('the hosted desk under workerd', () => {
  it('passes collie durable check --writes with 0 FAIL, at least as many rules ok as the same code on the Node kit', async () => {
    const cloud = await cloudDesk();
    node = await openCollie({ port: 0, tokens: [TOKEN], hostName: DESK_HOST, caps: DESK_CAPS, log: () => {} });
    startDesk(node);
    const [onWorkers, onNode] = [await checkWrites(cloud.url, TOKEN), await checkWrites(node.address, TOKEN)];
    expect(onWorkers.failures).toEqual([]);
    expect(onNode.failures).toEqual([]);
    expect(onWorkers.ok).toBeGreaterThanOrEqual(onNode.ok);
  });

  it('a wrong token gets the bare 401 and wakes no object; a restart keeps the epoch and the waiting card', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const state = join(dir.path, 'state');
    const cloud = await cloudDesk(state);
    const before = (await (await call(cloud.url, '/snapshot')).json()) as Snapshot;
    const woken = cloud.output().match(OBJECT_REQUEST)?.length ?? 0;
    expect(woken).toBeGreaterThan(0);
    for (const token of ['wrong', TOKEN.slice(0, -1), '']) {
      const refused = await call(cloud.url, '/snapshot', token);
      expect([refused.status, await refused.json()]).toEqual([401, { code: 'unauthorized' }]);
    }
    expect((await call(cloud.url, '/hello')).status).toBe(200);
    // The good call's line is there, so the refused ones would be too: none reached the object.
    expect(cloud.output().match(OBJECT_REQUEST)?.length).toBe(woken + 1);

    await cloud.stop();
    // Its whole process group went: no workerd still holds the port.
    expect(spawnSync('pgrep', ['-f', `127.0.0.1:${new URL(cloud.url).port}`], { encoding: 'utf8' }).stdout).toBe('');
    const again = await cloudDesk(state);
    const after = (await (await call(again.url, '/snapshot')).json()) as Snapshot;
    expect(after.epoch).toBe(before.epoch);
    expect(after.workspaces[0]!.tabs[0]!.panes[0]!.asks).toEqual(before.workspaces[0]!.tabs[0]!.panes[0]!.asks);
  });
});
