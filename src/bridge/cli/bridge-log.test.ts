import { readFile, stat, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { logLineText, openBridgeLog } from './bridge-log';

let dir: TempDir;
let state: string;
let complaints: string[];
beforeEach(async () => {
  dir = await tempDir();
  state = join(dir.path, 'state');
  complaints = [];
});
afterEach(() => dir.cleanup());

const complain = (line: string) => complaints.push(line);
const fileLines = async (name: string) => (await readFile(join(state, name), 'utf8')).trimEnd().split('\n');

describe('the bridge log file', () => {
  it('keeps each line with its time in <state>/bridge.log, mode 0600, in a 0700 folder', async () => {
    const log = await openBridgeLog(state, complain);
    log.write('[bridge] Open http://127.0.0.1:8787/ on your phone');
    log.write('[demo desk] one\ntwo');
    expect(log.path).toBe(join(state, 'bridge.log'));
    expect((await stat(log.path)).mode & 0o777).toBe(0o600);
    expect((await stat(state)).mode & 0o777).toBe(0o700);
    const lines = await fileLines('bridge.log');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \[bridge\] Open/);
    expect(lines.map(logLineText)).toEqual(['[bridge] Open http://127.0.0.1:8787/ on your phone', '[demo desk] one', 'two']);
    expect(complaints).toEqual([]);
  });

  it('rotates to bridge.log.1 at its size bound, so it never grows without end', async () => {
    const log = await openBridgeLog(state, complain, 200);
    for (let i = 1; i <= 10; i += 1) log.write(`[bridge] line ${i} ${'x'.repeat(40)}`);
    const now = await stat(join(state, 'bridge.log'));
    const before = await stat(join(state, 'bridge.log.1'));
    expect(now.size).toBeLessThanOrEqual(200);
    expect(before.size).toBeLessThanOrEqual(200);
    expect(before.mode & 0o777).toBe(0o600);
    expect((await fileLines('bridge.log')).map(logLineText).at(-1)).toBe(`[bridge] line 10 ${'x'.repeat(40)}`);
    const kept = [...(await fileLines('bridge.log.1')), ...(await fileLines('bridge.log'))].map(logLineText);
    expect(kept.at(-1)).toMatch(/^\[bridge\] line 10 /);
    expect(kept).toEqual([...kept].sort((a, b) => Number(/line (\d+)/.exec(a)![1]) - Number(/line (\d+)/.exec(b)![1])));
  });

  it('tightens a log left wider to 0600, and says so once when it cannot write', async () => {
    await mkdir(state, { recursive: true, mode: 0o700 });
    await writeFile(join(state, 'bridge.log'), 'old\n', { mode: 0o644 });
    const log = await openBridgeLog(state, complain);
    expect((await stat(log.path)).mode & 0o777).toBe(0o600);
    expect(complaints).toEqual([`[bridge] ${log.path} had mode 0644; tightened to 0600`]);

    await mkdir(join(state, 'blocked'), { mode: 0o700 });
    const blocked = await openBridgeLog(join(state, 'blocked'), complain);
    await mkdir(blocked.path); // a folder where the file should be: every append fails
    blocked.write('a');
    blocked.write('b');
    expect(complaints.slice(1)).toEqual([`[bridge] cannot write ${blocked.path} (EISDIR): log lines show here only`]);
  });
});
