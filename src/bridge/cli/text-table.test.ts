import { describe, expect, it } from 'vitest';
import { textTable } from './text-table';

describe('a terminal table', () => {
  it('pads each column to its widest cell, two spaces apart, with no blanks at a line end', () => {
    expect(
      textTable([
        ['label', 'state'],
        ['build-box', 'live'],
        ['pi', 'not answering'],
      ]),
    ).toBe('label      state\nbuild-box  live\npi         not answering\n');
  });
});
