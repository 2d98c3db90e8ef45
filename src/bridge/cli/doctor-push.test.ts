import { chmod, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { keysPath } from '../push/push-keys';
import { startPushService, type TestPushService } from '../testing/push-service';
import { pushRig, type PushRig } from '../testing/push-rig';
import { pushCheck } from './doctor-push';

/** `collie doctor`'s push line, from the state folder a real bridge wrote: counts, never a key. */
let caDir: TempDir;
let service: TestPushService;
let dir: TempDir;
let rig: PushRig;

beforeAll(async () => {
  caDir = await tempDir();
  service = await startPushService(caDir.path);
});
afterAll(async () => {
  await service.close();
  await caDir.cleanup();
});
beforeEach(async () => {
  dir = await tempDir();
  rig = await pushRig(dir.path, service);
});
afterEach(async () => {
  await rig.close();
  await dir.cleanup();
});

describe('collie doctor: push', () => {
  it('says whether the keys are set and counts the subscriptions, never showing a key', async () => {
    const stateDir = join(dir.path, 'state');
    expect(await pushCheck(stateDir)).toEqual({ ok: true, text: 'no keys yet (made when a phone first turns notifications on), 0 subscriptions' });
    await rig.phone();
    const { cookie } = await rig.phone();
    await rig.api('GET', '/api/push/key', cookie);
    const line = await pushCheck(stateDir);
    expect(line).toEqual({ ok: true, text: 'keys set, 2 subscriptions' });
    const { publicKey, privateKey } = JSON.parse(await readFile(keysPath(stateDir), 'utf8')) as Record<string, string>;
    await chmod(keysPath(stateDir), 0o644);
    const wide = await pushCheck(stateDir);
    expect(wide.ok).toBe(false);
    expect(wide.text).toContain('has mode 0644, so group or others can read the private key: chmod 600');
    for (const text of [line.text, wide.text]) for (const key of [publicKey!, privateKey!]) expect(text).not.toContain(key);
  });
});
