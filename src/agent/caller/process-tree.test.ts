import { describe, expect, it } from 'vitest';
import { lineage, parentOf, placeCaller, procStat } from './process-tree';

/** A fake /proc: pid → parent, with commands that try to confuse the reader. */
function tree(parents: Record<number, number>): (pid: number) => string | null {
  return (pid) => (pid in parents ? `${pid} (evil) 1 2 3) S ${parents[pid]} ${pid} ${pid} 0 -1` : null);
}

describe('placing a caller in the process tree', () => {
  it('reads the parent past a command holding parentheses and spaces', () => {
    expect(parentOf('42 (a) b) c) R 7 42 42 0')).toBe(7);
    expect(parentOf('garbage')).toBeNull();
  });

  it('tells the agent itself, its descendants at any depth, other processes, and those it cannot place', () => {
    const read = tree({ 100: 1, 200: 100, 300: 200, 400: 300, 500: 1, 600: 500 });
    expect(placeCaller(100, 100, read)).toBe('self');
    expect(placeCaller(200, 100, read)).toBe('descendant');
    expect(placeCaller(400, 100, read)).toBe('descendant');
    expect(placeCaller(600, 100, read)).toBe('other');
    expect(placeCaller(999, 100, read)).toBe('unknown'); // gone before it was read
    expect(placeCaller(0, 100, read)).toBe('unknown'); // the kernel could not say
    expect(placeCaller(7, 100, () => '7 (loop) S 7 7 7')).toBe('unknown');
  });

  it('places this very process as self and its parent as other, from the real /proc', () => {
    expect(placeCaller(process.pid, process.pid)).toBe('self');
    expect(placeCaller(process.ppid, process.pid)).toBe('other');
    expect(procStat(process.pid)).toMatch(new RegExp(`^${process.pid} \\(`));
  });

  it('lists a process and its parents up to init, or null when one cannot be read', () => {
    const read = tree({ 100: 1, 200: 100, 300: 200 });
    expect(lineage(300, read)).toEqual([300, 200, 100]);
    expect(lineage(999, read)).toBeNull();
    expect(lineage(0, read)).toBeNull();
    expect(lineage(7, () => '7 (loop) S 7 7 7')).toBeNull();
    expect(lineage(process.pid)?.[0]).toBe(process.pid);
  });
});
