import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { runCli, startBridgeProcess, type BridgeProcess } from '../testing/cli-harness';
import { makeTestCa, type TestTls } from '../testing/tls';

/**
 * `collie crew …` as a user runs it, against two bridge processes on one machine: their own
 * state and config folders, their own ports, loopback HTTPS with a test CA both trust
 * (NODE_EXTRA_CA_CERTS, as a machine trusts its own CA).
 */
let dir: TempDir;
let tls: TestTls;
let running: BridgeProcess[] = [];

const envOf = (name: string): NodeJS.ProcessEnv => ({
  COLLIE_CONFIG_DIR: join(dir.path, name, 'config'),
  COLLIE_STATE_DIR: join(dir.path, name, 'state'),
  COLLIE_MUX: '',
  COLLIE_PROGRAMS: '',
  COLLIE_CREW_CODE: '',
  NODE_EXTRA_CA_CERTS: join(dir.path, 'ca.pem'),
});

beforeEach(async () => {
  dir = await tempDir();
  tls = await makeTestCa(dir.path);
  await writeFile(join(dir.path, 'cert.pem'), tls.cert);
  await writeFile(join(dir.path, 'key.pem'), tls.key, { mode: 0o600 });
});
afterEach(async () => {
  await Promise.all(running.map((b) => b.stop()));
  running = [];
  await dir.cleanup();
});

async function start(name: string, https = true): Promise<BridgeProcess> {
  const args = https ? ['--tls-cert', join(dir.path, 'cert.pem'), '--tls-key', join(dir.path, 'key.pem')] : [];
  const bridge = await startBridgeProcess(envOf(name), args, https ? { ca: tls.ca } : undefined);
  running.push(bridge);
  return bridge;
}

const origin = (bridge: BridgeProcess) => bridge.url.slice(0, -1);
const noEnvCode = (env: NodeJS.ProcessEnv) => {
  const { COLLIE_CREW_CODE: _, ...rest } = env;
  return rest;
};

describe('collie crew', () => {
  it('invite prints a code on a line of its own; join reads it from standard input; list, doctor, remove and leave on both sides', { timeout: 60000 }, async () => {
    const [lead, member] = await Promise.all([start('lead'), start('member')]);
    const leadEnv = envOf('lead');
    const memberEnv = noEnvCode(envOf('member'));

    const invite = await runCli(['crew', 'invite', '--label', 'build-box'], leadEnv);
    expect(invite.code).toBe(0);
    const [code, ...words] = invite.stdout.split('\n');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(words.join('\n')).toContain(`collie crew join ${origin(lead)} --label build-box`);
    expect(words.join('\n')).toContain('It works once, for 10 minutes.');

    const join = await runCli(['crew', 'join', origin(lead), '--label', 'build-box'], memberEnv, `${code}\n`);
    expect(join).toEqual({ code: 0, stdout: `joined the crew of ${origin(lead)} as build-box: its phone now sees this machine's agents\n`, stderr: '' });
    // Used once: the same code from the environment is refused, with a sentence.
    const again = await runCli(['crew', 'join', origin(lead), '--label', 'other'], { ...envOf('member'), COLLIE_CREW_CODE: code });
    expect(again).toMatchObject({ code: 1, stderr: `collie crew: this bridge is already a member of the crew of ${origin(lead)}: collie crew leave first\n` });

    const leadList = await runCli(['crew', 'list'], leadEnv);
    expect(leadList.stdout.split('\n')[0]).toMatch(/^label\s+address\s+last seen\s+state$/);
    expect(leadList.stdout.split('\n')[1]).toMatch(new RegExp(`^build-box\\s+${origin(member).replace(/[.]/g, '\\.')}\\s+`));
    const memberList = await runCli(['crew', 'list', '--json'], memberEnv);
    expect(JSON.parse(memberList.stdout)).toMatchObject({ role: 'member', lead: { origin: origin(lead), label: 'build-box' } });
    for (const text of [leadList.stdout, memberList.stdout]) expect(text).not.toContain(code);

    expect((await runCli(['doctor'], leadEnv)).stdout).toMatch(/^(ok {3}|FAIL )crew: this bridge leads a crew where build-box is /m);
    expect((await runCli(['doctor'], memberEnv)).stdout).toContain(`ok   crew: a member of the crew of ${origin(lead)}, as build-box; `);

    expect(await runCli(['crew', 'remove', 'build-box'], leadEnv)).toEqual({ code: 0, stdout: 'removed build-box: its agents left the phone\n', stderr: '' });
    expect((await runCli(['crew', 'list'], memberEnv)).stdout).toBe('this bridge is in no crew: collie crew invite makes a join code for another machine\n');
    expect(await runCli(['crew', 'remove', 'build-box'], leadEnv)).toMatchObject({ code: 1, stderr: 'collie crew: no member of this crew is called build-box\n' });

    // Joined again from the environment, then the member leaves.
    const second = (await runCli(['crew', 'invite'], leadEnv)).stdout.split('\n')[0]!;
    expect(await runCli(['crew', 'join', origin(lead), '--label', 'desk-2'], { ...envOf('member'), COLLIE_CREW_CODE: second })).toMatchObject({ code: 0 });
    expect(await runCli(['crew', 'leave'], memberEnv)).toEqual({ code: 0, stdout: `left the crew of ${origin(lead)}\n`, stderr: '' });
    expect(JSON.parse((await runCli(['crew', 'list', '--json'], leadEnv)).stdout)).toEqual({ role: 'none', origin: origin(lead) });
    expect(await runCli(['crew', 'leave'], memberEnv)).toMatchObject({ code: 1, stderr: 'collie crew: this bridge is not a member of a crew\n' });
  });

  it('never takes a code from the command line; refuses a plain-HTTP member and a stopped bridge', { timeout: 60000 }, async () => {
    const memberEnv = noEnvCode(envOf('member'));
    const onLine = await runCli(['crew', 'join', 'https://127.0.0.1:1', 'A'.repeat(43), '--label', 'x'], memberEnv);
    expect(onLine.code).toBe(2);
    expect(onLine.stderr).not.toContain('A'.repeat(43));
    expect((await runCli(['crew', 'join', 'https://127.0.0.1:1'], memberEnv)).stderr).toMatch(/^collie crew: join needs --label NAME/);
    expect(await runCli(['crew', 'list'], memberEnv)).toMatchObject({
      code: 1,
      stderr: "collie crew: the bridge is not running: the crew is the running bridge's (collie start)\n",
    });
    expect((await runCli(['help', 'crew'], memberEnv)).stdout).toMatch(/^usage: collie crew invite \[--label NAME\]\n {7}collie crew join <lead-url> --label NAME\n/);

    const [lead] = await Promise.all([start('lead'), start('member', false)]);
    const code = (await runCli(['crew', 'invite'], envOf('lead'))).stdout.split('\n')[0]!;
    const plain = await runCli(['crew', 'join', origin(lead), '--label', 'm'], memberEnv, code);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toMatch(/^collie crew: this bridge serves plain HTTP, and bridges of a crew speak HTTPS only/);
    expect(plain.stderr).not.toContain(code);
    const empty = await runCli(['crew', 'join', origin(lead), '--label', 'm'], memberEnv, '\n');
    expect(empty.code).toBe(2);
  });
});
