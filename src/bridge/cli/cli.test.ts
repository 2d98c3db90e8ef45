import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import { ptraceCheck } from './doctor-ptrace';
import { runCli, startBridgeProcess, type BridgeProcess, type CliRun } from '../testing/cli-harness';
import type { DashboardJson } from '../../wire/bridge-json';

const TOKEN = 'cli-verbs-token-8e2b4d6f0a1c3e5b7d9f1a3c5e7b9d0f';

let dir: TempDir;
let env: NodeJS.ProcessEnv;
let collie: Collie | undefined;
let bridge: BridgeProcess | undefined;
/** Everything any command printed in this test, to prove no token ever shows. */
let printed: string[];

beforeEach(async () => {
  dir = await tempDir();
  printed = [];
  env = { COLLIE_CONFIG_DIR: join(dir.path, 'config'), COLLIE_STATE_DIR: join(dir.path, 'state'), COLLIE_MUX: '', COLLIE_PROGRAMS: '', EDGE_TOKEN: TOKEN };
});
afterEach(async () => {
  if (bridge) printed.push(bridge.output());
  await bridge?.stop();
  bridge = undefined;
  await collie?.close();
  collie = undefined;
  for (const text of printed) expect(text).not.toContain(TOKEN);
  await dir.cleanup();
});

async function collieCli(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const run = await runCli(args, { ...env, ...extraEnv });
  printed.push(run.stdout, run.stderr);
  return run;
}

const sourcesFile = () => join(dir.path, 'config', 'sources.json');

async function dashboard(): Promise<DashboardJson> {
  const res = await fetch(new URL('api/dashboard', bridge!.url), { headers: { cookie: bridge!.cookie } });
  return (await res.json()) as DashboardJson;
}

async function waitForAgent(name: string, status?: string): Promise<void> {
  const deadline = Date.now() + 10000;
  while (Date.now() < deadline) {
    const agent = (await dashboard()).agents.find((a) => a.name === name);
    if (agent && (!status || agent.status === status)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not show as ${status ?? 'present'}: ${JSON.stringify(await dashboard())}`);
}

async function deskAgent(folder = join(dir.path, 'run')): Promise<string> {
  const socket = join(folder, 'desk.sock');
  collie = await openCollie({ socket, hostName: 'desk', caps: { asks: true }, log: () => {} });
  collie.ready();
  return socket;
}

describe('collie durable attach, detach and list (no bridge running)', () => {
  it('writes sources.json 0600, says updated on a second attach, and never prints the token', async () => {
    const attached = await collieCli(['durable', 'attach', 'desk', '--socket', '/run/user/1000/desk/app.sock']);
    expect(attached).toEqual({
      code: 0,
      stdout: `attached desk\nwrote ${sourcesFile()}\nnote: nothing answers at /run/user/1000/desk/app.sock yet\nthe bridge reads sources.json when it starts: run collie restart\n`,
      stderr: '',
    });
    expect((await stat(sourcesFile())).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir.path, 'config'))).mode & 0o777).toBe(0o700);

    expect((await collieCli(['durable', 'attach', 'edge', '--url', 'https://edge.example.com', '--token-env', 'EDGE_TOKEN'])).stdout).toMatch(/^attached edge\n/);
    const again = await collieCli(['durable', 'attach', 'edge', '--url', 'https://edge.example.com', '--token-env', 'EDGE_TOKEN']);
    expect(again.stdout).toMatch(/^updated edge\nwrote /);
    expect(JSON.parse(await readFile(sourcesFile(), 'utf8'))).toEqual([
      { name: 'desk', kind: 'durable', socket: '/run/user/1000/desk/app.sock' },
      { name: 'edge', kind: 'durable', url: 'https://edge.example.com', token: TOKEN },
    ]);

    expect(await collieCli(['durable', 'list'])).toEqual({
      code: 0,
      stdout: ['desk  socket /run/user/1000/desk/app.sock       bridge not running', 'edge  url https://edge.example.com (token set)  bridge not running', ''].join('\n'),
      stderr: '',
    });
    const doctor = await collieCli(['doctor']);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toContain(`ok   token edge: set, ${TOKEN.length} bytes\n`);
    expect(doctor.stdout).toContain('FAIL program: the bridge is not running (collie start)\n');

    const detached = await collieCli(['durable', 'detach', 'desk', '--restart']);
    expect(detached).toEqual({
      code: 0,
      stdout: `detached desk\nwrote ${sourcesFile()}\nthe bridge is not running: it reads sources.json when it starts (collie start)\n`,
      stderr: '',
    });
    expect(await collieCli(['durable', 'detach', 'desk'])).toMatchObject({ code: 1, stderr: `collie durable detach: no durable agent named desk in ${sourcesFile()}\n` });
  });

  it('refuses usage mistakes with 2 and refusals with 1', async () => {
    const missing = await collieCli(['durable', 'attach', 'edge', '--url', 'https://edge.example.com', '--token-env', 'NOT_SET']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^collie durable attach: the environment variable NOT_SET is not set\n/);
    expect((await collieCli(['durable', 'attach', 'edge', '--url', 'https://edge.example.com', `--token=${TOKEN}`])).code).toBe(2);

    const held = await collieCli(['durable', 'attach', 'default', '--socket', '/s'], { COLLIE_MUX: 'durable', COLLIE_DURABLE_SOCKET: '/run/d.sock' });
    expect(held).toEqual({ code: 1, stdout: '', stderr: 'collie durable attach: the name default is held by the environment agent (COLLIE_MUX=durable); choose another name\n' });

    const none = await collieCli(['durable']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('collie durable attach <name> --socket <path> [--restart]');
    expect(none.stderr).toContain('collie durable check <socket-path | url>');
  });

  it('refuses to rewrite a file it cannot parse, so a typo never costs the other entries', async () => {
    await mkdir(join(dir.path, 'config'), { mode: 0o700 });
    const broken = `[{ "name": "edge", "kind": "durable", "url": "https://e.example", "token": "${TOKEN}" },]`;
    await writeFile(sourcesFile(), broken, { mode: 0o600 });
    for (const args of [
      ['durable', 'attach', 'desk', '--socket', '/s'],
      ['durable', 'detach', 'edge'],
    ]) {
      const run = await collieCli(args);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`collie durable ${args[1]}: ${sourcesFile()} is not valid JSON: the JSON does not parse; fix it by hand first (nothing was changed)\n`);
    }
    expect(await readFile(sourcesFile(), 'utf8')).toBe(broken);
    expect((await collieCli(['durable', 'list'])).code).toBe(1);
  });

  it('says durable agents are off with COLLIE_PROGRAMS=off', async () => {
    expect((await collieCli(['durable', 'list'], { COLLIE_PROGRAMS: 'off' })).stdout).toBe('durable agents are off (COLLIE_PROGRAMS=off): the bridge ignores sources.json\n');
    expect((await collieCli(['doctor'], { COLLIE_PROGRAMS: 'off' })).stdout).toMatch(/^ok {3}sources: durable agents are off \(COLLIE_PROGRAMS=off\)/);
  });
});

describe('collie with a running bridge', () => {
  it('lists, doctors and restarts the bridge, which picks up newly attached agents', { timeout: 90000 }, async () => {
    const socket = await deskAgent();
    await collieCli(['durable', 'attach', 'desk', '--socket', socket]);
    bridge = await startBridgeProcess(env);
    const bridgeFile = JSON.parse(await readFile(join(dir.path, 'state', 'bridge.json'), 'utf8')) as { pid: number; url: string };
    expect(bridgeFile).toEqual({ pid: bridge.child.pid, url: bridge.url });
    expect((await stat(join(dir.path, 'state', 'bridge.json'))).mode & 0o777).toBe(0o600);
    await waitForAgent('desk', 'ok');

    expect(await collieCli(['durable', 'list'])).toEqual({ code: 0, stdout: `desk  socket ${socket}  ok\n`, stderr: '' });
    const healthy = await collieCli(['doctor']);
    expect(healthy.stdout.split('\n').slice(0, 3)).toEqual([
      `ok   sources: ${sourcesFile()}, 1 entry, mode 0600`,
      `ok   durable-socket desk: ${socket} is private and takes connections`,
      'ok   durable-hello desk: speaks 1..1, ready',
    ]);
    expect(healthy.stdout).toMatch(/\nok {3}program: desk: read \d+ times since the bridge started; no phone has sent it anything yet\n/);
    // This kit agent runs under Node: no caller check, said here once (not at each demo start).
    expect(healthy.stdout).toMatch(/\nok {3}program: desk runs under node [\d.]+: Node cannot tell who connects to this socket, [^\n]+\n$/);
    // The one line this machine decides: Yama's ptrace scope (absent or 0 is a FAIL, WIRE.md §17).
    const ptrace = await ptraceCheck();
    expect(healthy.stdout).toContain(`${ptrace!.ok ? 'ok  ' : 'FAIL'} ptrace: ${ptrace!.text}\n`);
    expect(healthy.code).toBe(ptrace!.ok ? 0 : 1);

    // Attached but not yet loaded: list and doctor say a restart is needed.
    await collieCli(['durable', 'attach', 'edge', '--url', 'http://127.0.0.1:1', '--token-env', 'EDGE_TOKEN']);
    expect((await collieCli(['durable', 'list'])).stdout).toMatch(/^edge +url http:\/\/127\.0\.0\.1:1 \(token set\) +not loaded: run collie restart$/m);
    expect((await collieCli(['doctor'])).stdout).toContain('FAIL program: edge: not loaded by the running bridge: run collie restart\n');

    // SIGUSR2, as collie restart sends it: the bridge re-reads sources.json on the same port.
    bridge.child.kill('SIGUSR2');
    await bridge.waitFor(/\[bridge\] restarted: 2 durable agent\(s\): desk, edge/);
    await waitForAgent('edge', 'unreachable');
    expect((await collieCli(['durable', 'list'])).stdout).toMatch(/^edge +url http:\/\/127\.0\.0\.1:1 \(token set\) +unreachable: connection refused$/m);

    await collieCli(['durable', 'attach', 'late', '--socket', join(dir.path, 'late', 'late.sock')]);
    expect(await collieCli(['restart'])).toEqual({ code: 0, stdout: 'restarted: 3 durable agent(s)\n', stderr: '' });
    await waitForAgent('late');
    expect((await collieCli(['durable', 'detach', 'late', '--restart'])).stdout).toMatch(/\nrestarted: 2 durable agent\(s\)\n$/);
    expect((await dashboard()).agents.map((a) => a.name)).toEqual(['desk', 'edge']);

    expect(await bridge.stop()).toBe(0);
    await expect(stat(join(dir.path, 'state', 'bridge.json'))).rejects.toThrow(/ENOENT/);
    expect((await collieCli(['durable', 'list'])).stdout).toMatch(/^desk +socket \S+ +bridge not running$/m);
    expect(await collieCli(['restart'])).toMatchObject({ code: 1, stdout: 'the bridge is not running: it reads sources.json when it starts (collie start)\n' });
  });

  it('keeps serving when a restart meets a broken sources.json', async () => {
    const socket = await deskAgent();
    await collieCli(['durable', 'attach', 'desk', '--socket', socket]);
    bridge = await startBridgeProcess(env);
    await writeFile(sourcesFile(), '[{"name": "desk", "kind": "terminal", "socket": "/s"}]');
    bridge.child.kill('SIGUSR2');
    await bridge.waitFor(/\[bridge\] not restarted: sources.json entry 1 \("desk"\): field "kind" must be "durable"; still serving 1 durable agent\(s\)/);
    await waitForAgent('desk', 'ok');
  });

  it('doctor names the socket folder that is not private and how to fix it', async () => {
    const folder = join(dir.path, 'open');
    await mkdir(folder, { mode: 0o700 });
    const socket = await deskAgent(folder);
    await chmod(folder, 0o755);
    await collieCli(['durable', 'attach', 'desk', '--socket', socket]);
    const run = await collieCli(['doctor']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`FAIL durable-socket desk: socket-not-private: the socket's folder ${folder} has mode 0755, not 0700; fix: chmod 700 ${folder}\n`);
    expect(run.stdout).not.toContain('durable-hello desk');
  });
});
