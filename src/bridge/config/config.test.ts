import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { FatalConfigError, loadSources } from './config';

let dir: TempDir;
let logs: string[];
beforeEach(async () => {
  dir = await tempDir();
  logs = [];
});
afterEach(() => dir.cleanup());

const write = (value: unknown, mode = 0o600) => writeFile(join(dir.path, 'sources.json'), JSON.stringify(value), { mode });
const load = (env: NodeJS.ProcessEnv = {}) => loadSources(dir.path, env, (l) => logs.push(l));

async function fatalLine(value: unknown): Promise<string> {
  await write(value);
  const err = await load().catch((e: unknown) => e);
  expect(err).toBeInstanceOf(FatalConfigError);
  return (err as FatalConfigError).line;
}

describe('loadSources', () => {
  it('reads socket and url entries', async () => {
    await write([
      { name: 'desk', kind: 'durable', socket: '/run/user/1000/desk/app.sock' },
      { name: 'edge', kind: 'durable', url: 'https://e.example', token: 't'.repeat(40) },
    ]);
    const { sources, durable } = await load();
    expect(durable).toBe(true);
    expect(sources.map((s) => [s.name, s.address?.kind])).toEqual([
      ['desk', 'socket'],
      ['edge', 'url'],
    ]);
  });

  it('is empty without a file', async () => {
    expect(await load()).toEqual({ sources: [], durable: true });
  });

  it('stops with one FATAL line naming the entry and the field', async () => {
    const ok = { name: 'desk', kind: 'durable', socket: '/s' };
    expect(await fatalLine([ok, { ...ok, name: 'x', colour: 'red' }])).toBe('[bridge] FATAL: sources.json entry 2 ("x"): field "colour" is not known');
    expect(await fatalLine([{ ...ok, kind: 'terminal' }])).toBe('[bridge] FATAL: sources.json entry 1 ("desk"): field "kind" must be "durable"');
    expect(await fatalLine([{ ...ok, name: 'bad name' }])).toMatch(/^\[bridge\] FATAL: sources.json entry 1 \("bad name"\): field "name" is bad/);
    expect(await fatalLine([ok, ok])).toBe('[bridge] FATAL: sources.json entry 2 ("desk"): field "name" is used twice');
    expect(await fatalLine([{ ...ok, url: 'https://x.example', token: 't'.repeat(40) }])).toBe(
      '[bridge] FATAL: sources.json entry 1 ("desk"): field "url": give "socket" or "url", not both',
    );
    expect(await fatalLine([{ name: 'desk', kind: 'durable' }])).toBe('[bridge] FATAL: sources.json entry 1 ("desk"): field "socket": give "socket" or "url"');
    expect(await fatalLine([{ name: 'edge', kind: 'durable', url: 'https://x.example' }])).toBe(
      '[bridge] FATAL: sources.json entry 1 ("edge"): field "token": "url" needs a "token"',
    );
    expect(await fatalLine({ name: 'desk' })).toMatch(/must hold a JSON array/);
  });

  it('tightens a wider file to 0600 and says so', async () => {
    await write([], 0o644);
    await load();
    expect((await stat(join(dir.path, 'sources.json'))).mode & 0o777).toBe(0o600);
    expect(logs.join('\n')).toMatch(/had mode 0644; tightened to 0600/);
  });

  it('gives the environment agent the name default and refuses a second default', async () => {
    const env = { COLLIE_MUX: 'durable', COLLIE_DURABLE_SOCKET: '/run/x/app.sock' };
    await write([]);
    expect((await load(env)).sources).toEqual([{ name: 'default', address: { kind: 'socket', path: '/run/x/app.sock' } }]);
    await write([{ name: 'default', kind: 'durable', socket: '/s' }]);
    await expect(load(env)).rejects.toThrow('used twice (the environment agent holds it)');
  });

  it('shows a bad environment mix as a problem, not a stop', async () => {
    const { sources } = await load({ COLLIE_MUX: 'durable', COLLIE_DURABLE_URL: 'https://x.example' });
    expect(sources[0]).toMatchObject({ name: 'default', address: null, problem: expect.stringContaining('without COLLIE_DURABLE_TOKEN') });
  });

  it('ignores sources.json with COLLIE_PROGRAMS=off', async () => {
    await write([{ name: 'desk', kind: 'durable', socket: '/s' }]);
    expect(await load({ COLLIE_PROGRAMS: 'off' })).toEqual({ sources: [], durable: false });
    expect(logs).toHaveLength(1);
  });
});
