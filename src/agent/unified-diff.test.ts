import { describe, expect, it } from 'vitest';
import { unifiedDiff } from './unified-diff';

describe('a change as a unified diff', () => {
  it('keeps three lines of context around each change, in hunks with their numbers', () => {
    const old = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm'].join('\n') + '\n';
    const changed = old.replace('b\n', 'B\n').replace('l\n', 'L\nL2\n');
    expect(unifiedDiff('src/x.ts', old, changed)).toBe(
      ['--- a/src/x.ts', '+++ b/src/x.ts', '@@ -1,5 +1,5 @@', ' a', '-b', '+B', ' c', ' d', ' e', '@@ -9,5 +9,6 @@', ' i', ' j', ' k', '-l', '+L', '+L2', ' m', ''].join('\n'),
    );
  });

  it('a new file is all added, from /dev/null', () => {
    expect(unifiedDiff('hello.txt', null, 'hi\n')).toBe('--- /dev/null\n+++ b/hello.txt\n@@ -0,0 +1,1 @@\n+hi\n');
  });

  it('no change, no hunk', () => {
    expect(unifiedDiff('a', 'x\n', 'x\n')).toBe('--- a/a\n+++ b/a\n');
  });
});
