import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { BUN, SCRIPTED_ACP_AGENT } from '../../agent/acp/testing/acp-rig';
import { runCli, startBridgeProcess, type BridgeProcess } from '../testing/cli-harness';
import { hostedFolder } from './hosted-agent';

/** `collie acp`, as a person runs it, with the scripted ACP agent and a real bridge (the real agents: src/agent/acp/real-agents.test.ts, e2e/acp.spec.ts). */
let dir: TempDir;
let env: NodeJS.ProcessEnv;
let bridge: BridgeProcess | undefined;
beforeEach(async () => {
  dir = await tempDir();
  env = {
    COLLIE_STATE_DIR: join(dir.path, 'state'),
    COLLIE_CONFIG_DIR: join(dir.path, 'config'),
    COLLIE_MUX: '',
    COLLIE_PROGRAMS: '',
    COLLIE_TEST_ACP_STATE: join(dir.path, 'agent.json'),
  };
});
afterEach(async () => {
  await runCli(['acp', 'stop', '--name', 'scripted'], env);
  await bridge?.stop();
  bridge = undefined;
  await dir.cleanup();
});

describe('collie acp', () => {
  it('refuses what it cannot run, with its usage (exit 2), and starts nothing', async () => {
    for (const [args, said] of [
      [['acp'], 'collie acp: give a preset, or -- and the command'],
      [['acp', 'nosuch'], 'collie acp: no preset is called nosuch: claude, codex, gemini, opencode, copilot, qwen, goose, pi'],
      [['acp', 'claude', '--'], 'collie acp: -- needs the arguments to add to the preset'],
      [['acp', 'stop', 'a', 'b'], 'collie acp: stop takes only the name (or --name)'],
      [['acp', '--'], 'collie acp: -- needs the command that speaks ACP on stdio'],
      [['acp', '--name', 'no spaces', '--', 'x'], 'collie acp: --name: a name is 1–64 letters, digits, "-" or "_", starting with a letter or digit'],
    ] as const) {
      const run = await runCli([...args], env);
      expect([run.code, run.stderr.split('\n')[0]], args.join(' ')).toEqual([2, said]);
    }
    expect(existsSync(join(dir.path, 'state', 'acp'))).toBe(false);
    expect(await runCli(['acp', 'stop', '--name', 'other'], env)).toMatchObject({ code: 0, stdout: 'the ACP agent "other" is not running\n' });
  });

  it('starts an ACP agent as its own process, attaches it to the running bridge, passes collie durable check --writes, and stops', async () => {
    bridge = await startBridgeProcess(env);
    const project = join(dir.path, 'project');
    await mkdir(project);
    const started = await runCli(['acp', '--cwd', project, '--name', 'scripted', '--', BUN, SCRIPTED_ACP_AGENT], env);
    expect(started.code).toBe(0);
    expect(started.stdout).toMatch(/^the ACP agent "scripted" is running under bun \(pid \d+\); its log: \S+agent\.log\nattached scripted \(\S+agent\.sock\)\nrestarted/);
    const socket = hostedFolder(join(dir.path, 'state'), 'acp', 'scripted').socket;
    const check = await runCli(['durable', 'check', socket, '--writes'], env);
    expect(check.stdout).not.toMatch(/^FAIL/m);
    expect(check.stdout).toContain('ok   writes: the caller check is on (host.callerCheck)');
    expect(check.code).toBe(0);
    const again = await runCli(['acp', '--cwd', project, '--name', 'scripted', '--', BUN, SCRIPTED_ACP_AGENT], env);
    expect(again.stdout).toMatch(/^the ACP agent "scripted" is already running \(pid \d+\); collie acp stop --name scripted stops it\nscripted is attached already/);
    expect((await runCli(['acp', 'stop', 'scripted'], env)).stdout).toMatch(/^stopped the ACP agent "scripted" \(pid \d+\); it stays attached/);
  });
});
