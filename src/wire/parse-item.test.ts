import { describe, expect, it } from 'vitest';
import { parseItem, type ItemDropReason } from './parse-item';

const at = '2026-11-30T10:00:00Z';

describe('parseItem', () => {
  it('keeps raw HTML as text and strips hostile characters', () => {
    const item = parseItem({ id: 'i1', kind: 'reply', at, text: '<script>alert(1)</script>\u202e\u200b\nnext' });
    expect(item).toEqual({ id: 'i1', kind: 'reply', at, text: '<script>alert(1)</script>\nnext' });
  });

  it('keeps the request id on a user item', () => {
    expect(parseItem({ id: 'u', kind: 'user', at, text: 'hi', requestId: 'r-1' })).toMatchObject({ requestId: 'r-1' });
    expect(parseItem({ id: 'u', kind: 'user', at, text: 'hi', steer: true })).toMatchObject({ steer: true });
    expect(parseItem({ id: 'u', kind: 'user', at, text: 'hi', steer: 'yes' })).not.toHaveProperty('steer');
    expect(parseItem({ id: 'r', kind: 'reply', at, text: 'hi', steer: true })).not.toHaveProperty('steer');
  });

  it('drops links that are not safe https addresses, and says why', () => {
    const reasons: ItemDropReason[] = [];
    for (const url of [
      'javascript:alert(1)',
      'http://example.com',
      'https://user:pw@example.com',
      'https://exa mple.com',
      'https://example.com/\u202e',
      'https://example.com/a\u061cb',
      'https://example.com/\u{e0041}',
      `https://e.com/${'a'.repeat(2100)}`,
      'https:///nohost',
    ])
      expect(
        parseItem({ id: 'l', kind: 'link', at, url }, (r) => reasons.push(r)),
        url,
      ).toBeNull();
    expect(reasons.every((r) => r === 'bad-link')).toBe(true);
    expect(parseItem({ id: 'l', kind: 'link', at, url: 'https://example.com/a?b=c' })).toMatchObject({ url: 'https://example.com/a?b=c' });
  });

  it('skips unknown kinds and bad ids', () => {
    const reasons: ItemDropReason[] = [];
    expect(parseItem({ id: 'x', kind: 'image', at }, (r) => reasons.push(r))).toBeNull();
    expect(parseItem({ id: 'a#b', kind: 'reply', at, text: '' }, (r) => reasons.push(r))).toBeNull();
    expect(reasons).toEqual(['unknown-kind', 'bad-id']);
  });

  it('cuts tool output to its limit', () => {
    const item = parseItem({ id: 't', kind: 'tool', at, toolCallId: 'tc', name: 'bash', status: 'done', output: 'x'.repeat(20000) });
    expect(item?.kind === 'tool' && new TextEncoder().encode(item.output).length).toBeLessThanOrEqual(16384);
  });
});
