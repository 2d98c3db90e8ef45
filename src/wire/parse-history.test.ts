import { describe, expect, it } from 'vitest';
import { parseConversationsPage, parseCursor, parseItemsPage } from './parse-history';

describe('history pages', () => {
  it('reads a conversations page and cleans it', () => {
    const page = parseConversationsPage({
      conversations: [
        { id: 'c1', title: 'Old \u202ework', state: 'closed', closedAt: '2026-11-30T10:00:00Z' },
        { id: 'bad id', title: 'x', state: 'closed' },
        { id: 'c2', title: 'x', state: 'archived' },
      ],
      next: 'n5',
    });
    expect(page).toEqual({ conversations: [{ id: 'c1', title: 'Old work', state: 'closed', closedAt: '2026-11-30T10:00:00Z' }], next: 'n5' });
  });

  it('does not read a page over its limit at all', () => {
    const conversations = Array.from({ length: 101 }, (_, i) => ({ id: `c${i}`, title: 't', state: 'closed' }));
    expect(parseConversationsPage({ conversations, next: null })).toBeNull();
    const items = Array.from({ length: 1001 }, (_, i) => ({ id: `i${i}`, kind: 'reply', at: '', text: 't' }));
    expect(parseItemsPage({ items, next: null })).toBeNull();
  });

  it('refuses a cursor that is not printable ASCII within 512 bytes', () => {
    expect(parseCursor('i42')).toBe('i42');
    expect(parseCursor(null)).toBeNull();
    for (const bad of ['', 'a b', 'x'.repeat(513), 'é', 42]) expect(parseCursor(bad)).toBeUndefined();
    expect(parseItemsPage({ items: [], next: 'a b' })).toBeNull();
  });

  it('reads an items page with its trimmed flag, dropping bad items', () => {
    const page = parseItemsPage({
      items: [
        { id: 'i1', kind: 'reply', at: '', text: '<b>x</b>' },
        { id: 'l', kind: 'link', url: 'javascript:x' },
      ],
      next: null,
      trimmed: true,
    });
    expect(page).toEqual({ items: [{ id: 'i1', kind: 'reply', at: '', text: '<b>x</b>' }], next: null, trimmed: true });
  });
});
