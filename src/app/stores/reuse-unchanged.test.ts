import { describe, expect, it } from 'vitest';
import type { ChatEntry } from '../../wire/bridge-json';
import { reuseUnchanged } from './reuse-unchanged';

const item = (id: string, text: string): ChatEntry => ({ type: 'item', item: { id, kind: 'reply', at: '', text } });

describe('reuseUnchanged', () => {
  it('keeps the drawn object of every entry that did not change', () => {
    const before = [item('a', '1'), item('b', '2')];
    const after = reuseUnchanged(before, [item('a', '1'), item('b', '2 changed'), item('c', '3')]);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after.map((e) => (e.type === 'item' ? e.item.id : e.id))).toEqual(['a', 'b', 'c']);
  });

  it('returns the same list when nothing changed', () => {
    const before = [item('a', '1')];
    expect(reuseUnchanged(before, [item('a', '1')])).toBe(before);
  });
});
