import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/cli-harness';

const PACKAGE = fileURLToPath(new URL('../../../package.json', import.meta.url));
const env = { COLLIE_CONFIG_DIR: '/nonexistent/config', COLLIE_STATE_DIR: '/nonexistent/state' };
const lines = (text: string) => text.trimEnd().split('\n');

describe('collie usage, help and version', () => {
  it('says an unknown command in one line, then a short usage, and exits 2', async () => {
    const run = await runCli(['frobnicate'], env);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(lines(run.stderr)[0]).toBe('unknown command: frobnicate');
    expect(lines(run.stderr).length).toBeLessThanOrEqual(6);
    expect(run.stderr).toContain('collie help <command>');
  });

  it('points a durable verb typed on its own to `collie durable`', async () => {
    const run = await runCli(['list'], env);
    expect(run.code).toBe(2);
    expect(lines(run.stderr).slice(0, 2)).toEqual(['unknown command: list', 'did you mean: collie durable list']);
  });

  it('prints the version from package.json', async () => {
    const { version } = JSON.parse(await readFile(PACKAGE, 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) expect(await runCli([flag], env)).toEqual({ code: 0, stdout: `collie ${version}\n`, stderr: '' });
    // As `npx collie -- --version` runs it.
    expect(await runCli(['--', '--version'], env)).toEqual({ code: 0, stdout: `collie ${version}\n`, stderr: '' });
  });

  it("prints one verb's usage for collie help <verb> and <verb> --help", async () => {
    const help = await runCli(['help', 'restart'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: collie restart\n/);
    expect(help.stdout).not.toContain('collie doctor');
    expect((await runCli(['logs', '--help'], env)).stdout).toMatch(/^usage: collie logs \[-f\] \[-n N\]\n/);
    expect((await runCli(['help', 'start'], env)).stdout).toMatch(/^usage: collie start \[--port N\] \[--host H\] \[--demo\]\n/);
    expect((await runCli(['help', 'durable'], env)).stdout).toContain('collie durable attach <name> --socket <path> [--restart]');
    const unknown = await runCli(['help', 'frobnicate'], env);
    expect(unknown.code).toBe(2);
    expect(lines(unknown.stderr)[0]).toBe('unknown command: frobnicate');
  });

  it("prints the whole help for collie help, and only the verb's usage after a usage error", async () => {
    const all = await runCli(['help'], env);
    expect(all.code).toBe(0);
    for (const verb of ['start', 'restart', 'doctor', 'logs', 'durable attach', 'durable list']) expect(all.stdout).toContain(`collie ${verb}`);

    const extra = await runCli(['restart', 'now'], env);
    expect(extra).toEqual({ code: 2, stdout: '', stderr: 'collie restart: takes no arguments\nusage: collie restart\n' });
    const option = await runCli(['start', '--bogus'], env);
    expect(option).toEqual({ code: 2, stdout: '', stderr: 'collie start: unknown option --bogus\nusage: collie start [--port N] [--host H] [--demo]\n' });
    const port = await runCli(['start', '--port', 'eighty'], env);
    expect(port).toEqual({ code: 2, stdout: '', stderr: 'collie start: --port must be a port number from 0 to 65535\nusage: collie start [--port N] [--host H] [--demo]\n' });
    const attach = await runCli(['durable', 'attach'], env);
    expect(attach.code).toBe(2);
    expect(lines(attach.stderr)).toEqual([
      'collie durable attach: give exactly one name',
      'usage: collie durable attach <name> --socket <path> [--restart]',
      '       collie durable attach <name> --url <url> --token-env <VAR> [--restart]',
    ]);
  });
});
