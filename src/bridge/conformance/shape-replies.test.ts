import { describe, expect, it } from 'vitest';
import { conversationsProblems, conversationsWarnings, eventsPageProblems, isHistoryCursor, itemsPageProblems, viewProblems } from './shape-replies';

const EPOCH = 'dU4UTIK0IoJIbCBHmHs8IO';
const event = (seq: number) => ({ seq, type: 'item', item: { id: `i${seq}`, kind: 'reply', at: '2026-11-30T10:00:00Z', text: 'hi' } });

describe('eventsPageProblems', () => {
  it('accepts rising seqs with the cursor at the last, and an empty page at after', () => {
    expect(eventsPageProblems({ epoch: EPOCH, cursor: 3, view: false, events: [event(2), event(3)] }, 1, EPOCH)).toEqual([]);
    expect(eventsPageProblems({ epoch: EPOCH, cursor: 5, view: false, events: [] }, 5, EPOCH)).toEqual([]);
  });

  it('names seqs that do not rise past after, a wrong cursor and a foreign epoch', () => {
    expect(eventsPageProblems({ epoch: EPOCH, cursor: 3, events: [event(3), event(3)] }, 0, EPOCH)).toEqual(['seq 3 after 3: not strictly rising past after=0']);
    expect(eventsPageProblems({ epoch: EPOCH, cursor: 2, events: [event(2)] }, 2, EPOCH)).toEqual(['seq 2 after 2: not strictly rising past after=2']);
    expect(eventsPageProblems({ epoch: EPOCH, cursor: 9, events: [event(1)] }, 0, EPOCH)).toEqual(['cursor 9 is not the last seq returned (1)']);
    expect(eventsPageProblems({ epoch: 'B'.repeat(22), cursor: 0, events: [] }, 0, EPOCH)[0]).toMatch(/is not the current/);
  });

  it('names a page over 1000 events', () => {
    const events = Array.from({ length: 1001 }, (_, i) => event(i + 1));
    expect(eventsPageProblems({ epoch: EPOCH, cursor: 1001, events }, 0, EPOCH)).toEqual(['1001 events in one reply, over 1000']);
  });
});

describe('viewProblems', () => {
  it('accepts a view and names what a view lacks', () => {
    expect(viewProblems({ epoch: EPOCH, cursor: 4, view: true, items: [], asks: [], turn: null, trimmed: false }, EPOCH)).toEqual([]);
    expect(viewProblems({ epoch: EPOCH, cursor: 4, view: false, events: [] }, EPOCH)).toEqual([
      'view is false, not true',
      'items is not a list',
      'asks is not a list',
      'trimmed is undefined, not a boolean',
    ]);
    const items = Array.from({ length: 2001 }, () => ({}));
    expect(viewProblems({ epoch: EPOCH, cursor: 4, view: true, items, asks: [], trimmed: true }, EPOCH)).toEqual(['2001 items, over 2000']);
  });
});

describe('history replies', () => {
  it('knows a cursor: 1–512 bytes of printable ASCII without spaces', () => {
    expect(isHistoryCursor('c-1/xyz==')).toBe(true);
    expect(isHistoryCursor('x'.repeat(512))).toBe(true);
    expect(isHistoryCursor('x'.repeat(513))).toBe(false);
    expect(isHistoryCursor('a b')).toBe(false);
    expect(isHistoryCursor('é')).toBe(false);
    expect(isHistoryCursor('')).toBe(false);
  });

  it('judges a conversations page', () => {
    const row = { id: 'c-1', title: 'Deploy', state: 'open', paneId: 'p', createdAt: '2026-11-30T10:00:00Z', updatedAt: '2026-11-30T10:00:00Z' };
    expect(conversationsProblems({ conversations: [row], next: null }, 5)).toEqual([]);
    expect(conversationsProblems({ conversations: [row], next: 'a b' }, 5)[0]).toMatch(/^next "a b" is neither null nor/);
    expect(conversationsProblems({ conversations: [{ ...row, state: 'gone' }], next: null }, 5)).toEqual(['conversation "c-1": state "gone" is not open or closed']);
    expect(conversationsProblems({ conversations: Array(6).fill(row), next: null }, 5)).toEqual(['6 conversations for limit=5']);
    // Times the bridge can do without are a warning, not a failure.
    const { createdAt: _, ...undated } = row;
    expect(conversationsProblems({ conversations: [undated], next: null }, 5)).toEqual([]);
    expect(conversationsWarnings({ conversations: [row, undated, { ...row, id: 'c-2', updatedAt: 'yesterday' }] })).toEqual([
      'conversation "c-1" lacks createdAt or updatedAt as ISO 8601 times',
      'conversation "c-2" lacks createdAt or updatedAt as ISO 8601 times',
    ]);
  });

  it('judges an items page', () => {
    expect(itemsPageProblems({ items: [], next: 'c2', trimmed: false }, 5)).toEqual([]);
    expect(itemsPageProblems({ items: Array(6).fill({}), next: null }, 5)).toEqual(['6 items for limit=5', 'trimmed is undefined, not a boolean']);
  });
});
