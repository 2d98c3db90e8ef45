import { chmod, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keysPath } from '../push/push-keys';
import { pushTestPerFile } from '../testing/push-rig';
import { pushCheck } from './doctor-push';

/** `collie doctor`'s push line, from the state folder a real bridge wrote: counts, never a key. */
const pushTest = pushTestPerFile();

describe('collie doctor: push', () => {
  it('says whether the keys are set and counts the subscriptions, never showing a key', async () => {
    const stateDir = join(pushTest.dir.path, 'state');
    expect(await pushCheck(stateDir)).toEqual({ ok: true, text: 'no keys yet (made when a phone first turns notifications on), 0 subscriptions' });
    await pushTest.rig.phone();
    const { cookie } = await pushTest.rig.phone();
    await pushTest.rig.api('GET', '/api/push/key', cookie);
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
