import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { runCli, spawnCli, startBridgeProcess, type BridgeProcess, type CliProcess } from '../testing/cli-harness';

const TOKEN = 'logs-token-8e2b4d6f0a1c3e5b7d9f1a3c5e7b9d0f1a2b';
const STAMP = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z';

let dir: TempDir;
let env: NodeJS.ProcessEnv;
let bridge: BridgeProcess | undefined;
let follower: CliProcess | undefined;

beforeEach(async () => {
  dir = await tempDir();
  env = { COLLIE_CONFIG_DIR: join(dir.path, 'config'), COLLIE_STATE_DIR: join(dir.path, 'state'), COLLIE_MUX: '', COLLIE_PROGRAMS: '', EDGE_TOKEN: TOKEN };
});
afterEach(async () => {
  await follower?.stop();
  follower = undefined;
  await bridge?.stop();
  bridge = undefined;
  await dir.cleanup();
});

const logFile = () => join(dir.path, 'state', 'bridge.log');
const sourcesFile = () => join(dir.path, 'config', 'sources.json');

describe('collie logs', () => {
  it("prints the running bridge's recent lines, and with -f follows new ones until interrupted", { timeout: 60000 }, async () => {
    expect(await runCli(['logs'], env)).toEqual({ code: 1, stdout: '', stderr: `no log yet at ${logFile()}: collie start writes it\n` });
    await runCli(['durable', 'attach', 'edge', '--url', 'http://127.0.0.1:1', '--token-env', 'EDGE_TOKEN'], env);
    bridge = await startBridgeProcess(env);
    expect((await stat(logFile())).mode & 0o777).toBe(0o600);

    const recent = await runCli(['logs'], env);
    expect(recent.code).toBe(0);
    expect(recent.stdout).toMatch(new RegExp(`^${STAMP} \\[bridge\\] Open ${bridge.url.replace(/[.:/]/g, '\\$&')} on your phone$`, 'm'));
    const one = await runCli(['logs', '-n', '1'], env);
    expect(one.stdout.trimEnd().split('\n')).toHaveLength(1);

    follower = spawnCli(['logs', '-f', '-n', '1'], env);
    await follower.waitFor(/\[bridge\] paired Test phone \(d-[0-9a-f]+, control\)\n/); // the last line: the test's phone paired
    bridge.child.kill('SIGUSR2'); // the bridge logs its restart
    await follower.waitFor(/\[bridge\] restarted: 1 durable agent\(s\): edge\n/);
    expect(await follower.stop('SIGINT')).toBe(0);
    follower = undefined;

    // Lines go on to the terminal as before, and no token reaches the log.
    expect(bridge.output()).toContain('[bridge] restarted: 1 durable agent(s): edge');
    expect(await readFile(logFile(), 'utf8')).not.toContain(TOKEN);
    expect(await runCli(['logs', '-n', 'x'], env)).toMatchObject({ code: 2, stderr: 'collie logs: -n takes a number of lines, 0 to 100000\nusage: collie logs [-f] [-n N]\n' });
  });

  it('shows the FATAL line that stopped collie start, after it stopped', async () => {
    await mkdir(join(dir.path, 'config'), { mode: 0o700 });
    await writeFile(sourcesFile(), '[{"name": "desk", "kind": "durable", "socket": "/s", "colour": "red"}]', { mode: 0o600 });
    const fatal = '[bridge] FATAL: sources.json entry 1 ("desk"): field "colour" is not known';
    expect(await runCli(['start', '--port', '0'], env)).toMatchObject({ code: 1, stderr: `${fatal}\n` });
    const logs = await runCli(['logs'], env);
    expect(logs.code).toBe(0);
    expect(logs.stdout).toMatch(new RegExp(`${STAMP} ${fatal.replace(/[[\]().]/g, '\\$&')}\n$`));
  });
});

describe('collie restart that the bridge refuses', () => {
  it("prints the bridge's own reason from its log, not only that it did not restart", async () => {
    await runCli(['durable', 'attach', 'edge', '--url', 'http://127.0.0.1:1', '--token-env', 'EDGE_TOKEN'], env);
    bridge = await startBridgeProcess(env);
    await writeFile(sourcesFile(), '[{"name": "edge", "kind": "terminal", "socket": "/s"}]');
    const run = await runCli(['restart'], env);
    expect(run).toEqual({
      code: 1,
      stdout: `the bridge (pid ${bridge.child.pid}) did not restart: [bridge] not restarted: sources.json entry 1 ("edge"): field "kind" must be "durable"; still serving 1 durable agent(s)\n`,
      stderr: '',
    });
  });
});
