import { describe, expect, it } from 'vitest';
import type { ChatEntry } from '../../../wire/bridge-json';
import { clockLabel, createRowTimes, dayLabel, rowTimes } from './chat-times';

/** Local times, so the tests hold in any time zone the machine is set to. */
const local = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime();
const NOW = local(2026, 3, 12, 15, 30); // a Thursday

const item = (id: string, at: number, kind: 'user' | 'reply' | 'tool' = 'reply'): ChatEntry =>
  kind === 'tool'
    ? { type: 'item', item: { id, at: new Date(at).toISOString(), kind, toolCallId: id, name: 'bash', status: 'done' } }
    : { type: 'item', item: { id, at: new Date(at).toISOString(), kind, text: id } };
const decision: ChatEntry = { type: 'decision', id: 'd1', decidedBy: 'program', title: 'Ship?' };

describe('day headings', () => {
  it('says Today and Yesterday in words, weekdays this week, dates before, and the year only for other years', () => {
    expect(dayLabel(local(2026, 3, 12, 0), NOW, 'en')).toBe('Today');
    expect(dayLabel(local(2026, 3, 11, 0), NOW, 'en')).toBe('Yesterday');
    expect(dayLabel(local(2026, 3, 9, 0), NOW, 'en')).toBe('Monday');
    expect(dayLabel(local(2026, 2, 3, 0), NOW, 'en')).toBe('Tue, Feb 3');
    expect(dayLabel(local(2025, 12, 24, 0), NOW, 'en')).toBe('Wed, Dec 24, 2025');
  });

  it('speaks the page’s language', () => {
    expect(dayLabel(local(2026, 3, 11, 0), NOW, 'ru')).toBe('Вчера');
    expect(dayLabel(local(2026, 3, 12, 0), NOW, 'zh-CN')).toBe('今天');
  });
});

describe('the times a chat shows', () => {
  it('heads each day once, and times the first row of each group of rows written close together', () => {
    const entries = [
      item('a', local(2026, 3, 11, 9, 0)),
      item('b', local(2026, 3, 11, 9, 2)),
      item('c', local(2026, 3, 11, 9, 3), 'user'),
      item('d', local(2026, 3, 11, 9, 30), 'user'),
      item('e', local(2026, 3, 12, 8, 0)),
      item('f', local(2026, 3, 12, 8, 1), 'tool'),
    ];
    expect(rowTimes(entries, NOW, 'en')).toEqual([
      { day: 'Yesterday', at: local(2026, 3, 11, 9, 0) },
      null,
      null, // the other side, but close in time: its place shows who wrote it
      { at: local(2026, 3, 11, 9, 30) },
      { day: 'Today', at: local(2026, 3, 12, 8, 0) },
      null,
    ]);
    expect(clockLabel(local(2026, 3, 11, 9, 3), 'en')).toMatch(/^9:03\sAM$/); // ICU may use a narrow space
  });

  it('gives a decision line no time, and times the item after it again without a second day heading', () => {
    const times = rowTimes([item('a', local(2026, 3, 12, 9, 0)), decision, item('b', local(2026, 3, 12, 9, 1))], NOW, 'en');
    expect(times).toEqual([{ day: 'Today', at: local(2026, 3, 12, 9, 0) }, null, { at: local(2026, 3, 12, 9, 1) }]);
  });

  it('puts a dated decision line under its day: the day heading opens on it when it comes first, never again on the reply after it', () => {
    const answered: ChatEntry = { ...decision, decidedBy: 'phone', at: new Date(local(2026, 3, 12, 9, 0)).toISOString() };
    const times = rowTimes([item('a', local(2026, 3, 11, 9, 0)), answered, item('b', local(2026, 3, 12, 9, 1))], NOW, 'en');
    expect(times).toEqual([{ day: 'Yesterday', at: local(2026, 3, 11, 9, 0) }, { day: 'Today' }, { at: local(2026, 3, 12, 9, 1) }]);
    // The same day as the row above it: no heading of its own.
    expect(rowTimes([item('a', local(2026, 3, 12, 8, 0)), answered], NOW, 'en')[1]).toBeNull();
  });

  it('never changes a row for what comes after it, so an append leaves earlier rows alone', () => {
    const entries = [item('a', local(2026, 3, 12, 9, 0)), item('b', local(2026, 3, 12, 9, 1), 'user')];
    const before = rowTimes(entries, NOW, 'en');
    const after = rowTimes([...entries, item('c', local(2026, 3, 12, 9, 2))], NOW, 'en');
    expect(after.slice(0, 2)).toEqual(before);
  });

  it('works out only the new rows of an append, and all of them again for any other change', () => {
    const entries = [item('a', local(2026, 3, 11, 9, 0)), decision, item('b', local(2026, 3, 12, 9, 0)), item('c', local(2026, 3, 12, 9, 1)), item('d', local(2026, 3, 12, 9, 30))];
    const times = createRowTimes();
    for (let n = 1; n <= entries.length; n += 1) expect(times(entries.slice(0, n), NOW, 'en')).toEqual(rowTimes(entries.slice(0, n), NOW, 'en'));
    const older = [item('z', local(2026, 3, 10, 8, 0)), ...entries]; // older items came in above
    expect(times(older, NOW, 'en')).toEqual(rowTimes(older, NOW, 'en'));
    expect(times(older, local(2026, 3, 13, 9, 0), 'en')[1]).toEqual({ day: 'Wednesday', at: local(2026, 3, 11, 9, 0) }); // a new day: "Yesterday" moved on
  });

  it('shows nothing for a time it cannot read', () => {
    const bad: ChatEntry = { type: 'item', item: { id: 'x', at: 'soon', kind: 'reply', text: 'x' } };
    expect(rowTimes([bad], NOW, 'en')).toEqual([null]);
  });
});
