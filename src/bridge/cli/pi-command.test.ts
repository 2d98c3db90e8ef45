import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { runCli } from '../testing/cli-harness';

/** `collie pi`'s own checks and its stop, as a person runs it (Pi itself runs in src/agent/pi and e2e/pi.spec.ts). */
let dir: TempDir;
let env: NodeJS.ProcessEnv;
beforeEach(async () => {
  dir = await tempDir();
  env = { COLLIE_STATE_DIR: join(dir.path, 'state'), COLLIE_CONFIG_DIR: join(dir.path, 'config') };
});
afterEach(async () => {
  await dir.cleanup();
});

describe('collie pi', () => {
  it('refuses a bad name and a folder that is not there, with its usage (exit 2), and starts nothing', async () => {
    const badName = await runCli(['pi', '--name', 'no spaces'], env);
    expect([badName.code, badName.stderr.split('\n')[0]]).toEqual([2, 'collie pi: --name: a name is 1–64 letters, digits, "-" or "_", starting with a letter or digit']);
    expect(badName.stderr).toContain('usage: collie pi [--cwd DIR] [--name NAME]');
    const noFolder = await runCli(['pi', '--cwd', join(dir.path, 'nowhere')], env);
    expect([noFolder.code, noFolder.stderr.split('\n')[0]]).toEqual([2, `collie pi: --cwd: ${join(dir.path, 'nowhere')} is not a folder`]);
    expect(existsSync(join(dir.path, 'state', 'pi'))).toBe(false);
  });

  it('stop says so when it is not running; help names the verb', async () => {
    expect(await runCli(['pi', 'stop', '--name', 'other'], env)).toMatchObject({ code: 0, stdout: 'the Pi agent "other" is not running\n' });
    const help = await runCli(['help', 'pi'], env);
    expect(help.stdout).toContain('collie pi stop [--name NAME]');
    expect(help.stdout).toContain('Collie never sees a key');
  });
});
