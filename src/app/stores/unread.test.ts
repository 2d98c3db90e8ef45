import { describe, expect, it } from 'vitest';
import type { ChatEntry } from '../../wire/bridge-json';
import { firstUnread, indexOfKey, unseenAfter } from './unread';

const reply = (id: string): ChatEntry => ({ type: 'item', item: { id, at: '', kind: 'reply', text: id } });
const mine = (id: string): ChatEntry => ({ type: 'item', item: { id, at: '', kind: 'user', text: id } });
const answered: ChatEntry = { type: 'decision', id: 'd1', decidedBy: 'phone', title: 'Ship?', askId: 'a1' };
const timedOut: ChatEntry = { type: 'decision', id: 'd2', decidedBy: 'timeout', title: 'Ship?' };

describe('what the person has not seen', () => {
  const chat = [reply('a'), reply('b'), mine('c'), answered, reply('d'), timedOut, reply('e')];

  it('starts at the first entry after the one last seen that is not their own', () => {
    expect(firstUnread(chat, 'i:b')).toBe(4);
    expect(firstUnread(chat, 'i:a')).toBe(1);
    expect(firstUnread(chat, 'i:d')).toBe(5); // a question that timed out is news too
  });

  it('is nothing on a first visit, when the entry last seen is gone, or when only their own came since', () => {
    expect(firstUnread(chat, null)).toBeNull();
    expect(firstUnread(chat, 'i:trimmed-away')).toBeNull();
    expect(firstUnread(chat, 'i:e')).toBeNull();
    expect(firstUnread([reply('a'), mine('b'), answered], 'i:a')).toBeNull();
  });

  it('counts what is below the entry reached, without the person’s own', () => {
    expect(unseenAfter(chat, indexOfKey(chat, 'i:b'))).toBe(3);
    expect(unseenAfter(chat, chat.length - 1)).toBe(0);
    expect(unseenAfter(chat, -1)).toBe(0);
    expect(indexOfKey(chat, 'd:d1')).toBe(3);
  });
});
