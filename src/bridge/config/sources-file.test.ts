import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { attachSource, detachSource, NotAttached, readSourcesFile, SourcesFileRefused, withEntry, withoutEntry } from './sources-file';

const TOKEN = 'file-token-8e2b4d6f0a1c3e5b7d9f1a3c5e7b9d0f';
const desk = { name: 'desk', kind: 'durable', socket: '/run/user/1000/desk/app.sock' } as const;
const edge = { name: 'edge', kind: 'durable', url: 'https://edge.example.com', token: TOKEN } as const;

let dir: TempDir;
let configDir: string;
beforeEach(async () => {
  dir = await tempDir();
  configDir = join(dir.path, 'config', 'collie');
});
afterEach(() => dir.cleanup());

const file = () => join(configDir, 'sources.json');
const entries = async () => JSON.parse(await readFile(file(), 'utf8')) as unknown[];
const mode = async (path: string) => (await stat(path)).mode & 0o777;

describe('attach and detach', () => {
  it('creates the file 0600 in a new 0700 folder, then adds, replaces and removes entries', async () => {
    expect(await attachSource(configDir, desk)).toEqual({ path: file(), updated: false });
    expect(await mode(file())).toBe(0o600);
    expect(await mode(configDir)).toBe(0o700);
    expect(await attachSource(configDir, edge)).toEqual({ path: file(), updated: false });
    expect(await entries()).toEqual([desk, edge]);

    const moved = { ...desk, socket: '/run/user/1000/desk2/app.sock' };
    expect(await attachSource(configDir, moved)).toEqual({ path: file(), updated: true });
    expect(await entries()).toEqual([moved, edge]);

    expect(await detachSource(configDir, 'desk')).toEqual({ path: file() });
    expect(await entries()).toEqual([edge]);
    expect(await mode(file())).toBe(0o600);
    expect(await readdir(configDir)).toEqual(['sources.json']); // no temp file left behind
  });

  it('tightens a wider file to 0600 when it rewrites it, and keeps other entries as they are', async () => {
    await mkdir(configDir, { recursive: true });
    const handWritten = { name: 'old', kind: 'durable', socket: '/s', note: 'kept as written' };
    await writeFile(file(), JSON.stringify([handWritten]), { mode: 0o644 });
    await attachSource(configDir, desk);
    expect(await mode(file())).toBe(0o600);
    expect(await entries()).toEqual([handWritten, desk]);
  });

  it('refuses to rewrite a file it cannot parse or read, and leaves it untouched', async () => {
    await mkdir(configDir, { recursive: true });
    const broken = `[\n  { "name": "edge", "kind": "durable", "url": "https://e.example", "token": "${TOKEN}" },\n]`;
    await writeFile(file(), broken, { mode: 0o600 });
    const before = await stat(file());
    const err = await attachSource(configDir, desk).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourcesFileRefused);
    expect((err as Error).message).toBe(`${file()} is not valid JSON: the JSON does not parse`);
    expect((err as Error).message).not.toContain(TOKEN);
    await expect(detachSource(configDir, 'edge')).rejects.toBeInstanceOf(SourcesFileRefused);
    expect(await readFile(file(), 'utf8')).toBe(broken);
    expect((await stat(file())).mtimeMs).toBe(before.mtimeMs);

    await writeFile(file(), JSON.stringify({ desk }));
    await expect(attachSource(configDir, desk)).rejects.toThrow(`${file()} must hold a JSON array of entries`);
  });

  it('refuses a path that is no file', async () => {
    await mkdir(file(), { recursive: true });
    await expect(readSourcesFile(configDir)).rejects.toThrow(`${file()} cannot be read (EISDIR)`);
  });

  it('says so when detaching a name that is not there, and changes nothing', async () => {
    await expect(detachSource(configDir, 'desk')).rejects.toBeInstanceOf(NotAttached);
    await attachSource(configDir, edge);
    const before = await readFile(file(), 'utf8');
    await expect(detachSource(configDir, 'desk')).rejects.toThrow(`no durable agent named desk in ${file()}`);
    expect(await readFile(file(), 'utf8')).toBe(before);
  });
});

describe('withEntry and withoutEntry', () => {
  it('replaces the first entry of the name in place and drops a second copy', () => {
    const other = { name: 'x', kind: 'durable', socket: '/x' };
    expect(withEntry([desk, other, desk, 42], edge)).toEqual({ entries: [desk, other, desk, 42, edge], updated: false });
    const moved = { ...desk, socket: '/moved' };
    expect(withEntry([other, desk, 42, desk], moved)).toEqual({ entries: [other, moved, 42], updated: true });
    expect(withoutEntry([desk, other, desk], 'desk')).toEqual({ entries: [other], removed: true });
    expect(withoutEntry([other], 'desk')).toEqual({ entries: [other], removed: false });
  });
});
