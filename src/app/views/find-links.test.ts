import { describe, expect, it } from 'vitest';
import { findLinks } from './find-links';

describe('links in the person’s own text', () => {
  it('cuts the text into words and the https addresses in it, leaving sentence punctuation outside', () => {
    expect(findLinks('see https://example.org/a?b=1. and (https://x.dev/y), ok')).toEqual([
      { text: 'see ' },
      { text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { text: '. and (' },
      { text: 'https://x.dev/y', href: 'https://x.dev/y' },
      { text: '), ok' },
    ]);
  });

  it('keeps a closing bracket the address opened', () => {
    expect(findLinks('https://en.wikipedia.org/wiki/Foo_(bar)')).toEqual([{ text: 'https://en.wikipedia.org/wiki/Foo_(bar)', href: 'https://en.wikipedia.org/wiki/Foo_(bar)' }]);
  });

  it('links nothing the wire’s link rule refuses: other schemes, plain http, a user and password, no host', () => {
    for (const text of ['javascript:alert(1)', 'http://example.org/', 'https://user:pw@example.org/', 'https:///x', 'data:text/html,hi', 'ftp://x.org'])
      expect(findLinks(text)).toEqual([{ text }]);
  });

  it('returns text without addresses whole, and nothing for nothing', () => {
    expect(findLinks('ship it')).toEqual([{ text: 'ship it' }]);
    expect(findLinks('')).toEqual([]);
  });
});
