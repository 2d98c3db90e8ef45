import { readFile, stat, writeFile, chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { FatalConfigError } from '../config/config';
import { devicesPath, readDevices } from './device-file';
import { DeviceStore, SEEN_WRITE_MS } from './device-store';
import { FailureLimit, FAILURES_ALLOWED, FAILURE_WINDOW_MS } from './failure-limit';
import { INVITATION_MS } from '../../wire/pairing-link';
import { Invitations } from './invitations';

let dir: TempDir;
let clock: number;
const now = () => clock;
beforeEach(async () => {
  dir = await tempDir();
  clock = Date.parse('2026-12-01T08:00:00Z');
});
afterEach(() => dir.cleanup());

describe('invitations', () => {
  it('work once, then say they were used', () => {
    const invitations = new Invitations(now);
    const { secret } = invitations.create({ name: 'Pixel', role: 'control' });
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(invitations.redeem(secret)).toEqual({ ok: true, invitation: { name: 'Pixel', role: 'control', expiresAt: clock + INVITATION_MS } });
    expect(invitations.redeem(secret)).toEqual({ ok: false, why: 'used' });
    expect(invitations.redeem('x'.repeat(43))).toEqual({ ok: false, why: 'unknown' });
  });

  it('live ten minutes, then say they expired', () => {
    const invitations = new Invitations(now);
    const { secret } = invitations.create({ role: 'watch' });
    clock += INVITATION_MS - 1;
    expect(invitations.count).toBe(1);
    clock += 1;
    expect(invitations.redeem(secret)).toEqual({ ok: false, why: 'expired' });
    expect(invitations.count).toBe(0);
  });
});

describe('the failure limit', () => {
  it('lets ten wrong secrets through per address in 15 minutes, then says how long to wait', () => {
    const limit = new FailureLimit(now);
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) {
      expect(limit.retryAfter('10.0.0.1')).toBe(0);
      limit.fail('10.0.0.1');
    }
    expect(limit.retryAfter('10.0.0.1')).toBe(FAILURE_WINDOW_MS / 1000);
    expect(limit.retryAfter('10.0.0.2')).toBe(0);
    clock += FAILURE_WINDOW_MS;
    expect(limit.retryAfter('10.0.0.1')).toBe(0);
  });
});

describe('the device store', () => {
  it('keeps only the credential hash on disk, at 0600, and knows the device by its credential', async () => {
    const store = await DeviceStore.open(dir.path, () => {}, now);
    const { device, credential } = await store.add('  Pixel\u202e 7 ', 'control');
    expect(device).toEqual({ id: expect.stringMatching(/^d-[0-9a-f]{12}$/), name: 'Pixel 7', role: 'control', created: '2026-12-01T08:00:00.000Z', lastSeen: null });
    const text = await readFile(devicesPath(dir.path), 'utf8');
    expect(text).not.toContain(credential.split('.')[1]);
    expect((await stat(devicesPath(dir.path))).mode & 0o777).toBe(0o600);
    expect(store.authenticate(credential)).toMatchObject({ id: device.id, lastSeen: '2026-12-01T08:00:00.000Z' });
    expect(store.authenticate(`${device.id}.${'A'.repeat(43)}`)).toBeNull();
    expect(store.authenticate('nonsense')).toBeNull();
    expect(store.authenticate(undefined)).toBeNull();
    const again = await DeviceStore.open(dir.path, () => {}, now);
    expect(again.authenticate(credential)?.id).toBe(device.id);
    await Promise.all([store.settled(), again.settled()]); // the last-seen writes, before the folder goes
  });

  it('renames, and revokes at once (its listeners hear it; the credential stops working)', async () => {
    const store = await DeviceStore.open(dir.path, () => {}, now);
    const { device, credential } = await store.add('Phone', 'watch');
    expect(await store.rename(device.id, 'Kitchen tablet')).toMatchObject({ name: 'Kitchen tablet', role: 'watch' });
    const heard: string[] = [];
    store.onRevoke((id) => heard.push(id));
    expect(await store.revoke(device.id)).toBe(true);
    expect(heard).toEqual([device.id]);
    expect(store.authenticate(credential)).toBeNull();
    expect(await store.revoke(device.id)).toBe(false);
    expect((await readDevices(dir.path, () => {})).map((d) => d.id)).toEqual([]);
  });

  it('writes last seen at most once a minute', async () => {
    const store = await DeviceStore.open(dir.path, () => {}, now);
    const { credential } = await store.add('Phone', 'control');
    store.authenticate(credential);
    await store.settled();
    clock += SEEN_WRITE_MS / 2;
    store.authenticate(credential);
    await store.settled();
    expect((await readDevices(dir.path, () => {}))[0]!.lastSeen).toBe('2026-12-01T08:00:00.000Z');
    clock += SEEN_WRITE_MS / 2;
    store.authenticate(credential);
    await store.settled();
    expect((await readDevices(dir.path, () => {}))[0]!.lastSeen).toBe('2026-12-01T08:01:00.000Z');
  });

  it('stops the bridge with one FATAL line on a malformed file, and tightens a wider mode', async () => {
    await writeFile(devicesPath(dir.path), '{"devices": [{"id": "d-1"}]}');
    await expect(readDevices(dir.path, () => {})).rejects.toThrow(FatalConfigError);
    const err = await readDevices(dir.path, () => {}).catch((e: FatalConfigError) => e);
    expect((err as FatalConfigError).line).toBe(`[bridge] FATAL: ${join(dir.path, 'devices.json')}: device 1 is malformed (id, name, role, credentialHash, created are required)`);
    await writeFile(devicesPath(dir.path), '{"devices": [');
    expect(((await readDevices(dir.path, () => {}).catch((e: FatalConfigError) => e)) as FatalConfigError).line).toMatch(/^\[bridge\] FATAL: .*devices\.json is not valid JSON/);
    await writeFile(devicesPath(dir.path), '{"devices": []}');
    await chmod(devicesPath(dir.path), 0o644);
    const logs: string[] = [];
    expect(await readDevices(dir.path, (line) => logs.push(line))).toEqual([]);
    expect(logs).toEqual([`[bridge] ${devicesPath(dir.path)} had mode 0644; tightened to 0600`]);
  });
});
