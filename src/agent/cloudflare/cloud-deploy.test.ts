import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../testing';
import { CLOUD_EXAMPLES } from './dev/cloud-examples';
import { ROOT, wranglerCommand } from './dev/toolchain';

/**
 * `wrangler deploy` publishes the same code `cloud:dev` runs: each example's config bundled as a
 * deploy bundles it (`--dry-run`, which stops before the upload and needs no account).
 */
let dirs: TempDir[] = [];
afterEach(async () => {
  await Promise.all(dirs.map((dir) => dir.cleanup()));
  dirs = [];
});

function run(command: { command: string; args: string[]; env: NodeJS.ProcessEnv }): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command.command, command.args, { env: { ...command.env, FORCE_COLOR: '0', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('wrangler deploy of the hosted examples', () => {
  it('bundles each example with its Durable Object binding, as a deploy would', { timeout: 120_000 }, async () => {
    const results = await Promise.all(
      Object.entries(CLOUD_EXAMPLES).map(async ([name, config]) => {
        const dir = await tempDir();
        dirs.push(dir);
        return { name, ...(await run(wranglerCommand(['deploy', '--dry-run', '--outdir', join(dir.path, 'out'), '--config', join(ROOT, config)]))) };
      }),
    );
    for (const { name, code, output } of results) {
      expect({ name, code }, output).toEqual({ name, code: 0 });
      expect(output).toContain('--dry-run: exiting now.');
      expect(output).toMatch(/env\.[A-Z]+ \([A-Za-z]+\)\s+Durable Object/);
    }
  });
});
