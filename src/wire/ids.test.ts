import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidId } from './ids';

describe('isValidId', () => {
  it('takes ordinary ids', () => {
    for (const id of ['deploy', 'deploy-1', 'c-7f3a', 'a'.repeat(128), 'é', 'x.y:z']) expect(isValidId(id)).toBe(true);
  });

  it('refuses empty, long, spaced, control, slash, query and hash ids', () => {
    for (const id of ['', 'a'.repeat(129), 'é'.repeat(65), 'a b', 'a\tb', 'a\u00a0b', 'a\u0000', 'a\u009f', 'a/b', 'a?b', 'a#b', '\ud800', 'a\u2028b'])
      expect(isValidId(id), JSON.stringify(id)).toBe(false);
  });

  it('refuses the dot segments . and .., which no URL can name, but takes other dotted ids', () => {
    expect(isValidId('.')).toBe(false);
    expect(isValidId('..')).toBe(false);
    for (const id of ['...', '.a', 'a.', '%2e', '.%2e']) expect(isValidId(id), id).toBe(true);
  });

  it('refuses anything that is not a string', () => {
    for (const id of [null, undefined, 1, {}, [], true]) expect(isValidId(id)).toBe(false);
  });

  it('never accepts an id over 128 bytes or holding a forbidden character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 140 }), (id) => {
        if (!isValidId(id)) return;
        expect(new TextEncoder().encode(id).length).toBeLessThanOrEqual(128);
        expect(/[\s/?#\u0000-\u001f\u007f-\u009f]/u.test(id)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the id rule’s character class', () => {
  it('refuses exactly the controls, the white space of \\s, / ? # and lone surrogates', () => {
    const before = /[\u0000-\u001f\u007f-\u009f\s/?#]|\p{Surrogate}/u;
    for (let cp = 0; cp <= 0xffff; cp += 1) {
      const ch = String.fromCharCode(cp);
      expect(isValidId(`a${ch}b`), `U+${cp.toString(16)}`).toBe(!before.test(ch));
    }
    expect(isValidId('a\u{1f600}b')).toBe(true);
  });
});
