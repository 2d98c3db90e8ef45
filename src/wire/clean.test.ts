import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clean, cleanField, cleanText, ELLIPSIS } from './clean';
import { utf8Length } from './utf8';

const REMOVED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\ufeff\u{e0000}-\u{e007f}]/u;

// Strings rich in the characters the cleaner must handle.
const hostileChar = fc.constantFrom(
  '\u0000',
  '\u0007',
  '\n',
  '\t',
  '\r',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\u200b',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u{e0001}',
  '\u{e007f}',
  'a',
  'é',
  '中',
  '😀',
  '\ud800',
  '\udfff',
  '<',
  '…',
);
const hostileString = fc.array(fc.oneof(hostileChar, fc.string({ unit: 'grapheme' })), { maxLength: 60 }).map((parts) => parts.join(''));

describe('cleanText', () => {
  it('removes controls but keeps newline and tab in multi-line fields', () => {
    expect(clean('a\u0000b\u0007c\n\td\r\u009f', { multiline: true })).toBe('abc\n\td');
    expect(clean('a\nb\tc')).toBe('abc');
  });

  it('removes every invisible and direction character', () => {
    const hostile = 'pay\u202eusd\u2066x\u2069\u200b\u200c\u200d\u2060\ufeff\u200e\u200f\u061c\u{e0041}\u{e007f}!';
    expect(clean(hostile)).toBe('payusdx!');
  });

  it('cuts at a whole character to the byte limit and ends with …', () => {
    const out = cleanText('😀😀😀😀', { maxBytes: 10 });
    expect(out).toEqual({ text: `😀${ELLIPSIS}`, changed: true });
    expect(utf8Length(out.text)).toBeLessThanOrEqual(10);
  });

  it('keeps a string that fits exactly', () => {
    expect(cleanText('abc', { maxBytes: 3 })).toEqual({ text: 'abc', changed: false });
  });

  it('cuts belt labels by characters', () => {
    expect(cleanField.beltLabel('Deploy everything now')).toEqual({ text: `Deploy everythi${ELLIPSIS}`, changed: true });
  });

  it('turns lone surrogates into U+FFFD', () => {
    expect(clean('a\ud800b')).toBe('a\ufffdb');
  });

  it('never leaves a removed character, never exceeds a limit, never splits a character', () => {
    fc.assert(
      fc.property(hostileString, fc.integer({ min: 3, max: 80 }), fc.boolean(), (input, maxBytes, multiline) => {
        const { text, changed } = cleanText(input, { maxBytes, multiline });
        expect(REMOVED.test(text)).toBe(false);
        if (!multiline) expect(/[\n\t]/.test(text)).toBe(false);
        expect(utf8Length(text)).toBeLessThanOrEqual(maxBytes);
        expect(/\p{Surrogate}/u.test(text)).toBe(false); // no half of a character
        expect(text === input).toBe(!changed);
        // Cutting only ever drops a tail: the text is the cleaned input, or a prefix of it plus …
        const full = clean(input, { multiline });
        expect(text === full || (text.endsWith(ELLIPSIS) && full.startsWith(text.slice(0, -1)))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('never exceeds a character limit', () => {
    fc.assert(
      fc.property(hostileString, fc.integer({ min: 1, max: 20 }), (input, maxChars) => {
        expect([...cleanText(input, { maxChars }).text].length).toBeLessThanOrEqual(maxChars);
      }),
    );
  });
});
