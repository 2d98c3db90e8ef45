import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import { runCli } from '../testing/cli-harness';

let dir: TempDir;
let env: NodeJS.ProcessEnv;
let agent: Collie | undefined;
beforeEach(async () => {
  dir = await tempDir();
  env = { COLLIE_CONFIG_DIR: join(dir.path, 'config'), COLLIE_STATE_DIR: join(dir.path, 'state'), COLLIE_MUX: '', COLLIE_PROGRAMS: '' };
});
afterEach(async () => {
  await agent?.close();
  agent = undefined;
  await dir.cleanup();
});

const sourcesFile = () => join(dir.path, 'config', 'sources.json');

describe('collie durable attach --socket', () => {
  it('writes the entry when nothing answers at the path yet, and says so', async () => {
    const socket = join(dir.path, 'run', 'later.sock');
    expect(await runCli(['durable', 'attach', 'later', '--socket', socket], env)).toEqual({
      code: 0,
      stdout: `attached later\nwrote ${sourcesFile()}\nnote: nothing answers at ${socket} yet\nthe bridge reads sources.json when it starts: run collie restart\n`,
      stderr: '',
    });
    expect(JSON.parse(await readFile(sourcesFile(), 'utf8'))).toEqual([{ name: 'later', kind: 'durable', socket }]);
  });

  it('says nothing more when an agent answers there', async () => {
    const socket = join(dir.path, 'run', 'desk.sock');
    agent = await openCollie({ socket, hostName: 'desk', caps: {}, log: () => {} });
    const run = await runCli(['durable', 'attach', 'desk', '--socket', socket], env);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('note:');
  });
});

describe('attach and detach with an entry the bridge would refuse', () => {
  const bad = { name: 'old', kind: 'durable', socket: '/run/old.sock', colour: 'red' };
  const good = { name: 'edge', kind: 'durable', socket: '/run/edge.sock' };
  const written = `${JSON.stringify([good, bad], null, 1)}\n`;
  beforeEach(async () => {
    await mkdir(join(dir.path, 'config'), { mode: 0o700 });
    await writeFile(sourcesFile(), written, { mode: 0o600 });
  });

  it('refuses to rewrite the file (it would keep the bad entry), and changes nothing', async () => {
    const why = `${sourcesFile()} holds an entry the bridge would refuse: sources.json entry 2 ("old"): field "colour" is not known; fix it by hand first (nothing was changed)`;
    expect(await runCli(['durable', 'attach', 'desk', '--socket', '/run/desk.sock'], env)).toEqual({ code: 1, stdout: '', stderr: `collie durable attach: ${why}\n` });
    expect(await runCli(['durable', 'detach', 'edge'], env)).toEqual({ code: 1, stdout: '', stderr: `collie durable detach: ${why}\n` });
    expect(await readFile(sourcesFile(), 'utf8')).toBe(written);
  });

  it('lets the bad entry itself be replaced or removed by name', async () => {
    expect((await runCli(['durable', 'attach', 'old', '--socket', '/run/old.sock'], env)).code).toBe(0);
    expect(JSON.parse(await readFile(sourcesFile(), 'utf8'))).toEqual([good, { name: 'old', kind: 'durable', socket: '/run/old.sock' }]);
    await writeFile(sourcesFile(), written);
    expect((await runCli(['durable', 'detach', 'old'], env)).code).toBe(0);
    expect(JSON.parse(await readFile(sourcesFile(), 'utf8'))).toEqual([good]);
  });
});
