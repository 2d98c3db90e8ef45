import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { loadBridgeEnv, parseEnvText } from './env-file';

let dir: TempDir;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => dir.cleanup());

describe('the .env file', () => {
  it('reads COLLIE_ lines, with comments, quotes and export', () => {
    const text = '# one agent\nCOLLIE_MUX=durable\nexport COLLIE_DURABLE_URL="https://edge.example.com"\nCOLLIE_DURABLE_TOKEN=abc # set by hand\nPATH=/evil\n\nnot a line';
    expect(parseEnvText(text)).toEqual({ COLLIE_MUX: 'durable', COLLIE_DURABLE_URL: 'https://edge.example.com', COLLIE_DURABLE_TOKEN: 'abc' });
  });

  it('lets the process environment win and tightens the file to 0600', async () => {
    const file = join(dir.path, '.env');
    await writeFile(file, 'COLLIE_MUX=durable\nCOLLIE_DURABLE_SOCKET=/from/file\n', { mode: 0o644 });
    const logs: string[] = [];
    const env = await loadBridgeEnv(dir.path, { COLLIE_DURABLE_SOCKET: '/from/process' }, (l) => logs.push(l));
    expect([env.COLLIE_MUX, env.COLLIE_DURABLE_SOCKET]).toEqual(['durable', '/from/process']);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(logs).toEqual([`[bridge] ${file} had mode 0644; tightened to 0600`]);
  });

  it('is the process environment alone without a file', async () => {
    const env = { COLLIE_MUX: 'durable' };
    expect(await loadBridgeEnv(dir.path, env, () => {})).toBe(env);
  });
});
