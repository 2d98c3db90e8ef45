import { describe, expect, it } from 'vitest';
import type { Item } from '../wire/types';
import { Conversation, CONVERSATION_MEMORY, type ConversationRecord } from './conversations';

const reply = (id: string, text = id): Item => ({ id, kind: 'reply', text, at: '2026-12-01T00:00:00.000Z' });

function empty(): ConversationRecord {
  const at = '2026-12-01T00:00:00.000Z';
  return { id: 'c', number: 1, title: 't', state: 'open', paneId: 'p', workspaceId: 'w', tabId: 't', createdAt: at, updatedAt: at, items: [], firstItemNumber: 0, trimmed: false };
}

describe('a conversation past its memory', () => {
  it('forgets its oldest items, and still replaces a kept item in place by its id', () => {
    const conversation = new Conversation(empty());
    for (let i = 0; i < CONVERSATION_MEMORY + 3; i += 1) conversation.putItem(reply(`i${i}`));
    const { record } = conversation;
    expect([record.items.length, record.firstItemNumber, record.trimmed]).toEqual([CONVERSATION_MEMORY, 3, true]);
    expect(record.items[0]!.id).toBe('i3');
    // What it holds is what it says it holds: a forgotten id is no longer there.
    expect([conversation.hasItem('i2'), conversation.hasItem('i3'), conversation.hasItem(`i${CONVERSATION_MEMORY + 2}`)]).toEqual([false, true, true]);

    conversation.putItem(reply('i5', 'changed'));
    expect(record.items[2]).toEqual(reply('i5', 'changed'));
    expect(record.items).toHaveLength(CONVERSATION_MEMORY);
    // A forgotten id is a new item: it goes at the end, and the oldest kept one is forgotten.
    conversation.putItem(reply('i0', 'again'));
    expect(record.items.at(-1)).toEqual(reply('i0', 'again'));
    expect([record.items[0]!.id, record.firstItemNumber]).toEqual(['i4', 4]);
  });

  it('reads a kept record that was already trimmed with the numbers it had', () => {
    const record = { ...empty(), items: [reply('a'), reply('b')], firstItemNumber: 40, trimmed: true };
    const conversation = new Conversation(record);
    conversation.putItem(reply('b', 'new'));
    expect(record.items).toEqual([reply('a'), reply('b', 'new')]);
  });
});
