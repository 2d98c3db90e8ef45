import { describe, expect, it } from 'vitest';
import { fileTitle, isUnifiedDiff, MAX_DIFF_LINES, parseDiff } from './parse-diff';

const GIT_DIFF = [
  'diff --git a/src/app.ts b/src/app.ts',
  'index 3b18e51..a1c2d3f 100644',
  '--- a/src/app.ts',
  '+++ b/src/app.ts',
  '@@ -10,4 +10,5 @@ export function start() {',
  '   const port = 8080;',
  '-  listen(port);',
  '+  const host = "0.0.0.0";',
  '+  listen(port, host);',
  '   return port;',
  ' }',
  '',
].join('\n');

describe('isUnifiedDiff', () => {
  it('knows a diff by a hunk header or a ---/+++ pair', () => {
    expect(isUnifiedDiff(GIT_DIFF)).toBe(true);
    expect(isUnifiedDiff('@@ -1 +1 @@\n-a\n+b')).toBe(true);
    expect(isUnifiedDiff('--- old.txt\n+++ new.txt\n-a\n+b')).toBe(true);
    expect(isUnifiedDiff('--- old.txt\r\n+++ new.txt\r\n')).toBe(true);
  });

  it('is not fooled by output that only looks a little like one', () => {
    for (const text of ['', 'ok', 'Tests: 1 failed, 41 passed', '--- summary ---\nall good', '+ added a thing\n- removed a thing', '@@ not a hunk @@', '@@ -a,b +c,d @@'])
      expect(isUnifiedDiff(text), text).toBe(false);
  });
});

describe('parseDiff', () => {
  it('reads git diff: meta lines, the file, the hunk, and each line with its old and new numbers', () => {
    expect(parseDiff(GIT_DIFF)).toEqual([
      { kind: 'meta', text: 'diff --git a/src/app.ts b/src/app.ts' },
      { kind: 'meta', text: 'index 3b18e51..a1c2d3f 100644' },
      { kind: 'file', from: 'src/app.ts', to: 'src/app.ts' },
      { kind: 'hunk', text: '@@ -10,4 +10,5 @@ export function start() {' },
      { kind: 'context', text: '  const port = 8080;', oldLine: 10, newLine: 10 },
      { kind: 'del', text: '  listen(port);', oldLine: 11 },
      { kind: 'add', text: '  const host = "0.0.0.0";', newLine: 11 },
      { kind: 'add', text: '  listen(port, host);', newLine: 12 },
      { kind: 'context', text: '  return port;', oldLine: 12, newLine: 13 },
      { kind: 'context', text: '}', oldLine: 13, newLine: 14 },
    ]);
  });

  it('reads CRLF line ends as LF ones', () => {
    expect(parseDiff(GIT_DIFF.replaceAll('\n', '\r\n'))).toEqual(parseDiff(GIT_DIFF));
  });

  it('ends a hunk when its counts are spent: a --- line after it starts the next file, not a removed line', () => {
    const two = '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n--- a/y\n+++ b/y\n@@ -5,2 +5,2 @@\n-c\n+d\n e\n';
    expect(parseDiff(two)).toEqual([
      { kind: 'file', from: 'x', to: 'x' },
      { kind: 'hunk', text: '@@ -1 +1 @@' },
      { kind: 'del', text: 'a', oldLine: 1 },
      { kind: 'add', text: 'b', newLine: 1 },
      { kind: 'file', from: 'y', to: 'y' },
      { kind: 'hunk', text: '@@ -5,2 +5,2 @@' },
      { kind: 'del', text: 'c', oldLine: 5 },
      { kind: 'add', text: 'd', newLine: 5 },
      { kind: 'context', text: 'e', oldLine: 6, newLine: 6 },
    ]);
  });

  it('keeps drawing a malformed hunk: too few lines promised, too many, or a header that is not one', () => {
    // Promised 1 line each, has 3: the rest are still + and - lines, without numbers.
    expect(parseDiff('@@ -1 +1 @@\n-a\n+b\n-c\n+d')).toEqual([
      { kind: 'hunk', text: '@@ -1 +1 @@' },
      { kind: 'del', text: 'a', oldLine: 1 },
      { kind: 'add', text: 'b', newLine: 1 },
      { kind: 'del', text: 'c' },
      { kind: 'add', text: 'd' },
    ]);
    // Promised 9, has 1, and the next file follows: the next file is a file.
    expect(parseDiff('@@ -1,9 +1,9 @@\n x\n--- a/b\n+++ b/b\n@@ -1 +1 @@\n-y\n+z')!.map((row) => row.kind)).toEqual(['hunk', 'context', 'file', 'hunk', 'del', 'add']);
    // A line no hunk has ends it, and shows as written.
    expect(parseDiff('@@ -1,9 +1,9 @@\n x\nsomething else\n+y')).toEqual([
      { kind: 'hunk', text: '@@ -1,9 +1,9 @@' },
      { kind: 'context', text: 'x', oldLine: 1, newLine: 1 },
      { kind: 'meta', text: 'something else' },
      { kind: 'add', text: 'y' },
    ]);
    // Numbers of ten digits are not line numbers: the line is shown as written.
    expect(parseDiff('@@ -9999999999 +1 @@\n-a')).toEqual([
      { kind: 'meta', text: '@@ -9999999999 +1 @@' },
      { kind: 'del', text: 'a' },
    ]);
  });

  it('reads an empty line inside a hunk as a kept empty line, and "\\ No newline" as a note that counts nothing', () => {
    expect(parseDiff('@@ -1,3 +1,3 @@\n a\n\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file')).toEqual([
      { kind: 'hunk', text: '@@ -1,3 +1,3 @@' },
      { kind: 'context', text: 'a', oldLine: 1, newLine: 1 },
      { kind: 'context', text: '', oldLine: 2, newLine: 2 },
      { kind: 'del', text: 'b', oldLine: 3 },
      { kind: 'meta', text: '\\ No newline at end of file' },
      { kind: 'add', text: 'c', newLine: 3 },
      { kind: 'meta', text: '\\ No newline at end of file' },
    ]);
  });

  it('shows lines without any header as added, removed and kept, without numbers', () => {
    expect(parseDiff('-old\n+new\n same')).toEqual([
      { kind: 'del', text: 'old' },
      { kind: 'add', text: 'new' },
      { kind: 'context', text: 'same' },
    ]);
  });

  it('reads headers with dates, created and deleted files', () => {
    const rows = parseDiff('--- /dev/null\n+++ b/new.ts\t2024-05-01 10:00:00\n@@ -0,0 +1 @@\n+x\n--- a/gone.ts\n+++ /dev/null\n@@ -1 +0,0 @@\n-y')!;
    const files = rows.filter((row) => row.kind === 'file');
    expect(files).toEqual([
      { kind: 'file', from: '/dev/null', to: 'new.ts' },
      { kind: 'file', from: 'gone.ts', to: '/dev/null' },
    ]);
    expect(files.map(fileTitle)).toEqual(['new.ts', 'gone.ts']);
    expect(fileTitle({ from: 'old.ts', to: 'new.ts' })).toBe('old.ts → new.ts');
    expect(rows).toContainEqual({ kind: 'add', text: 'x', newLine: 1 });
    expect(rows).toContainEqual({ kind: 'del', text: 'y', oldLine: 1 });
  });

  it('gives up on a huge diff (drawn as plain text), and reads one at the limit in linear time', () => {
    expect(parseDiff('+x\n'.repeat(MAX_DIFF_LINES + 1))).toBeNull();
    expect(parseDiff('\r'.repeat(MAX_DIFF_LINES + 1))).toBeNull();
    const pairs = Math.floor((MAX_DIFF_LINES - 2) / 2);
    const atLimit = `@@ -1,${pairs + 1} +1,${pairs + 1} @@\n${'-a\n+b\n'.repeat(pairs)} c\n`;
    const rows = parseDiff(atLimit)!;
    expect(rows).toHaveLength(pairs * 2 + 2);
    expect(rows.at(-1)).toEqual({ kind: 'context', text: 'c', oldLine: pairs + 1, newLine: pairs + 1 });
    // One line of 32 KiB is one row.
    expect(parseDiff(`+${'x'.repeat(32768)}`)).toEqual([{ kind: 'add', text: 'x'.repeat(32768) }]);
  });

  it('never throws, whatever the text', () => {
    for (const text of ['', '\n', '@@', '@@ -1 +1 @@', '---', '--- \n+++ ', '\\', '+', '-', ' ', '@@ -1,0 +1,0 @@\n\n\n', '--- a\n+++ b\n--- c\n+++ d'])
      expect(() => parseDiff(text), JSON.stringify(text)).not.toThrow();
    expect(parseDiff('')).toEqual([{ kind: 'meta', text: '' }]);
  });
});
