import { describe, expect, it } from 'vitest';
import { appendedTo, RowHeights } from './row-heights';
import { follow, needsRedraw, rangeAround, rangeAtEnd } from './window-range';

interface Row {
  id: string;
  size: number;
}
const rows = (n: number, from = 0): Row[] => Array.from({ length: n }, (_, i) => ({ id: `r${from + i}`, size: 50 }));
const keyOf = (row: Row) => row.id;
const estimate = (row: Row) => row.size;
function heightsOf(items: Row[]) {
  const heights = new RowHeights(keyOf);
  heights.sync(items, estimate);
  return heights;
}

describe('row heights', () => {
  it('says where each row starts and which row is at a height, estimated until measured', () => {
    const heights = heightsOf(rows(10));
    expect([heights.top(0), heights.top(3), heights.total()]).toEqual([0, 150, 500]);
    expect([heights.indexAt(-5), heights.indexAt(0), heights.indexAt(149), heights.indexAt(150), heights.indexAt(10_000)]).toEqual([0, 0, 2, 3, 9]);
    expect(heights.measure(1, 80)).toBe(true);
    expect(heights.measure(1, 80)).toBe(false); // the same height again changes nothing
    expect([heights.top(3), heights.total(), heights.indexAt(129)]).toEqual([180, 530, 1]);
  });

  it('keeps measured heights by key when items come in above, and adds appended rows only', () => {
    const first = rows(5, 10);
    const heights = heightsOf(first);
    heights.measure(0, 120); // r10
    const appended = [...first, ...rows(2, 15)];
    expect(appendedTo(first, appended)).toBe(true);
    heights.sync(appended, estimate);
    expect([heights.length, heights.total()]).toEqual([7, 120 + 6 * 50]);
    const older = [...rows(3, 7), ...appended];
    expect(appendedTo(appended, older)).toBe(false);
    heights.sync(older, estimate);
    expect([heights.top(3), heights.top(4)]).toEqual([150, 270]); // r10, now fourth, kept its 120
  });
});

describe('the drawn range', () => {
  it('covers the viewport and overscan on both sides, and opens at the last rows', () => {
    const heights = heightsOf(rows(1000)); // 50 px each: 50 000 px
    expect(rangeAround(heights, 10_000, 1000)).toEqual({ start: 170, end: 251 }); // 1.5 screens each side (the row at the edge too)
    expect(rangeAtEnd(heights, 1000)).toEqual({ start: 965, end: 1000 }); // the last screen and three quarters of one above
    expect(rangeAround(heights, 0, 1000, 0)).toEqual({ start: 0, end: 21 });
    expect(rangeAround(heightsOf([]), 0, 1000)).toEqual({ start: 0, end: 0 });
  });

  it('is drawn again only when too little is drawn beyond an edge, or far too much', () => {
    const heights = heightsOf(rows(1000));
    const drawn = rangeAround(heights, 10_000, 1000);
    expect(needsRedraw(drawn, heights, 10_000, 1000)).toBe(false);
    expect(needsRedraw(drawn, heights, 10_900, 1000)).toBe(false); // most of a screen further: still covered
    expect(needsRedraw(drawn, heights, 11_100, 1000)).toBe(true); // less than half a screen left below
    expect(needsRedraw({ start: 0, end: 1000 }, heights, 10_000, 1000)).toBe(true); // everything drawn: too much
  });

  it('follows its rows: an append keeps it, drawing the new rows at the end; rows in or out above move it', () => {
    const before = rows(100);
    const appended = [...before, ...rows(2, 100)];
    expect(follow({ start: 80, end: 100 }, before, appended, keyOf)).toEqual({ start: 80, end: 102 });
    expect(follow({ start: 10, end: 30 }, before, appended, keyOf)).toEqual({ start: 10, end: 30 });
    const older = [...rows(300, -300), ...before];
    expect(follow({ start: 0, end: 20 }, before, older, keyOf)).toEqual({ start: 300, end: 320 });
    expect(follow({ start: 80, end: 100 }, before, older, keyOf)).toEqual({ start: 380, end: 400 });
    const dropped = before.slice(1);
    expect(follow({ start: 0, end: 20 }, before, dropped, keyOf)).toEqual({ start: 0, end: 20 }); // r1 on, as many rows
  });

  it('finds its rows by key when every entry is a new object, and gives up when none is left', () => {
    const before = rows(50);
    const reread = [...rows(10, -10), ...rows(50)].map((row) => ({ ...row }));
    expect(follow({ start: 20, end: 30 }, before, reread, keyOf)).toEqual({ start: 30, end: 40 });
    expect(follow({ start: 20, end: 30 }, before, rows(5, 1000), keyOf)).toBeNull();
    expect(follow({ start: 0, end: 0 }, [], before, keyOf)).toBeNull(); // the first read: the caller opens at the end
  });
});
