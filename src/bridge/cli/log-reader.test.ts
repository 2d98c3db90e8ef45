import { appendFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { lastLogLines, logEnd, readLogSince } from './log-reader';

let dir: TempDir;
let path: string;
beforeEach(async () => {
  dir = await tempDir();
  path = join(dir.path, 'bridge.log');
});
afterEach(() => dir.cleanup());

describe('reading bridge.log', () => {
  it('gives the last lines, reaching back into bridge.log.1', async () => {
    expect(await lastLogLines(path, 5)).toEqual({ lines: [], cursor: { ino: null, offset: 0 } });
    await writeFile(`${path}.1`, 'a\nb\nc\n');
    await writeFile(path, 'd\ne\n');
    expect((await lastLogLines(path, 3)).lines).toEqual(['c', 'd', 'e']);
    expect((await lastLogLines(path, 50)).lines).toEqual(['a', 'b', 'c', 'd', 'e']);
    const none = await lastLogLines(path, 0);
    expect(none.lines).toEqual([]);
    await appendFile(path, 'f\n');
    expect((await readLogSince(path, none.cursor)).lines).toEqual(['f']);
  });

  it('gives whole lines written since a cursor, across a rotation, none twice', async () => {
    let cursor = await logEnd(path); // no file yet
    await writeFile(path, 'one\ntw');
    let read = await readLogSince(path, cursor);
    expect(read.lines).toEqual(['one']); // "tw" is still being written
    cursor = read.cursor;
    await appendFile(path, 'o\nthree\n');
    read = await readLogSince(path, cursor);
    expect(read.lines).toEqual(['two', 'three']);
    cursor = read.cursor;
    expect((await readLogSince(path, cursor)).lines).toEqual([]);

    await appendFile(path, 'four\n');
    await rename(path, `${path}.1`);
    await writeFile(path, 'five\n');
    read = await readLogSince(path, cursor);
    expect(read.lines).toEqual(['four', 'five']);
    await appendFile(path, 'six\n');
    expect((await readLogSince(path, read.cursor)).lines).toEqual(['six']);
  });
});
