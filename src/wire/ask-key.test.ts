import { describe, expect, it } from 'vitest';
import { askKey } from './ask-key';

describe('askKey', () => {
  it('tells apart the same ask id raised by two agents', () => {
    expect(askKey('desk-a', 'a1')).not.toBe(askKey('desk-b', 'a1'));
    expect(askKey('desk-a', 'a1')).toBe(askKey('desk-a', 'a1'));
  });

  it('never lets the agent name and the id run together, whatever they hold', () => {
    const pairs: [string, string][] = [
      ['a', 'b/c'],
      ['a/b', 'c'],
      ['a","b', 'c'],
      ['a', '","b"]'],
      ['a\u0000', 'b'],
      ['a', '\u0000b'],
      ['', 'ab'],
      ['ab', ''],
    ];
    const keys = new Set(pairs.map(([agent, id]) => askKey(agent, id)));
    expect(keys.size).toBe(pairs.length);
  });
});
