import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import { runDoctor } from './doctor';

const TOKEN = 'doctor-token-8e2b4d6f0a1c3e5b7d9f1a3c5e7b9d0f';

let dir: TempDir;
let collie: Collie | undefined;
let configDir: string;
beforeEach(async () => {
  dir = await tempDir();
  configDir = join(dir.path, 'config');
  await mkdir(configDir, { mode: 0o700 });
});
afterEach(async () => {
  await collie?.close();
  collie = undefined;
  await dir.cleanup();
});

const sourcesFile = () => join(configDir, 'sources.json');
const writeSources = (value: unknown, mode = 0o600) => writeFile(sourcesFile(), JSON.stringify(value), { mode });

async function doctor(env: NodeJS.ProcessEnv = {}, scope = '1\n'): Promise<{ failed: boolean; lines: string[] }> {
  const lines: string[] = [];
  const ptraceScopePath = join(dir.path, 'ptrace_scope');
  await writeFile(ptraceScopePath, scope);
  const { failed } = await runDoctor({ configDir, stateDir: join(dir.path, 'state'), env, onLine: (l) => lines.push(l), ptraceScopePath });
  return { failed, lines };
}

describe('runDoctor', () => {
  it('passes a live socket agent and a token of the right size; the bridge line fails when none runs', async () => {
    const socket = join(dir.path, 'run', 'desk.sock');
    collie = await openCollie({ socket, hostName: 'desk', log: () => {} });
    collie.ready();
    const unreachable = `http://127.0.0.1:1`;
    await writeSources([
      { name: 'desk', kind: 'durable', socket },
      { name: 'edge', kind: 'durable', url: unreachable, token: TOKEN },
    ]);
    const { failed, lines } = await doctor();
    expect(lines).toEqual([
      `ok   sources: ${sourcesFile()}, 2 entries, mode 0600`,
      `ok   durable-socket desk: ${socket} is private and takes connections`,
      'ok   durable-hello desk: speaks 1..1, ready',
      `ok   token edge: set, ${TOKEN.length} bytes`,
      'FAIL durable-hello edge: unreachable: connection refused',
      'ok   push: no keys yet (made when a phone first turns notifications on), 0 subscriptions',
      'ok   crew: in no crew (collie crew invite, on the machine whose phone sees the others)',
      "ok   ptrace: Yama's ptrace scope is 1: an agent's tools cannot take the bridge's connections",
      'FAIL program: the bridge is not running (collie start)',
    ]);
    expect(failed).toBe(true);
    expect(lines.join('\n')).not.toContain(TOKEN);
  });

  it('fails a file group or others can read, and changes nothing', async () => {
    await writeSources([], 0o644);
    const { lines } = await doctor();
    expect(lines[0]).toBe(`FAIL sources: ${sourcesFile()} has mode 0644, so group or others can read its tokens: chmod 600 ${sourcesFile()}`);
    expect((await stat(sourcesFile())).mode & 0o777).toBe(0o644);
  });

  it('shows the FATAL line the bridge would stop with', async () => {
    await writeSources([{ name: 'desk', kind: 'terminal', socket: '/s' }]);
    const { lines } = await doctor();
    expect(lines[0]).toBe('FAIL sources: the bridge would not start: [bridge] FATAL: sources.json entry 1 ("desk"): field "kind" must be "durable"');
    await writeSources([{ name: 'default', kind: 'durable', socket: '/s' }]);
    const env = { COLLIE_MUX: 'durable', COLLIE_DURABLE_SOCKET: join(dir.path, 'nowhere', 'default.sock') };
    expect((await doctor(env)).lines[0]).toBe(
      'FAIL sources: the bridge would not start: [bridge] FATAL: sources.json entry 1 ("default"): field "name" is used twice (the environment agent holds it)',
    );
  });

  it('says durable agents are off, and still checks the environment agent', async () => {
    await writeSources([{ name: 'desk', kind: 'durable', socket: '/s' }]);
    const env = { COLLIE_PROGRAMS: 'off', COLLIE_MUX: 'durable', COLLIE_DURABLE_URL: 'https://e.example' };
    const { lines } = await doctor(env);
    expect(lines).toEqual([
      'ok   sources: durable agents are off (COLLIE_PROGRAMS=off): the bridge ignores sources.json',
      'FAIL durable-hello default: unreachable: configuration error: COLLIE_DURABLE_URL is set without COLLIE_DURABLE_TOKEN',
      'ok   push: no keys yet (made when a phone first turns notifications on), 0 subscriptions',
      'ok   crew: in no crew (collie crew invite, on the machine whose phone sees the others)',
      "ok   ptrace: Yama's ptrace scope is 1: an agent's tools cannot take the bridge's connections",
      'FAIL program: the bridge is not running (collie start)',
    ]);
  });

  it('fails a ptrace scope of 0 or a kernel without Yama, and says the fix (WIRE.md §17)', async () => {
    const zero = (await doctor({}, '0\n')).lines.find((l) => l.includes(' ptrace: '));
    expect(zero).toBe(
      "FAIL ptrace: Yama's ptrace scope is 0, so any process of your user, an agent's own tools too, can take another process's open connection to an agent and answer on it: sudo sysctl kernel.yama.ptrace_scope=1 (and kernel.yama.ptrace_scope = 1 in /etc/sysctl.d/ to keep it)",
    );
    expect((await doctor({}, 'garbage')).lines.find((l) => l.includes(' ptrace: '))).toMatch(/^FAIL ptrace: this kernel has no Yama ptrace scope/);
  });
});
