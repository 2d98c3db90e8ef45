import { describe, expect, it } from 'vitest';
import type { ChatEntry, ChatJson } from './bridge-json';
import { applyChatDelta, parseChatDelta } from './chat-delta';
import { BRIDGE_MEMORY } from './limits';

const item = (id: string, text: string): ChatEntry => ({ type: 'item', item: { id, kind: 'reply', at: '', text } });
const held: ChatJson = {
  agent: { name: 'desk', where: 'here', status: 'ok', open: 1, needsYou: 0, caps: null },
  pane: { id: 'p', title: 'Work', workspaceId: 'w', tabId: 't', state: 'idle', turn: null, belt: [] },
  entries: [item('a', '1'), item('b', '2')],
  asks: [],
  trimmed: false,
  sends: [],
};
const good = { delta: { from: '"v1"', held: 2, entries: [[0, 2], item('c', '3')], trimmed: true } };

describe('parseChatDelta', () => {
  it('reads a delta reply', () => {
    expect(parseChatDelta(good)).toEqual(good.delta);
  });

  it('refuses anything that is not a delta it can apply', () => {
    const bad: unknown[] = [
      null,
      [],
      held,
      { delta: null },
      { delta: { ...good.delta, from: 1 } },
      { delta: { ...good.delta, held: -1 } },
      { delta: { ...good.delta, held: 1.5 } },
      { delta: { ...good.delta, entries: {} } },
      { delta: { ...good.delta, entries: [[0]] } },
      { delta: { ...good.delta, entries: [[0, 0]] } },
      { delta: { ...good.delta, entries: [[-1, 1]] } },
      { delta: { ...good.delta, entries: [['0', 1]] } },
      { delta: { ...good.delta, entries: [{ type: 'item' }] } },
      { delta: { ...good.delta, entries: [{ type: 'item', item: { id: 7 } }] } },
      { delta: { ...good.delta, entries: [{ type: 'decision' }] } },
      { delta: { ...good.delta, entries: ['x'] } },
      { delta: { ...good.delta, entries: Array.from({ length: BRIDGE_MEMORY.paneEntries + 1 }, () => [0, 1]) } },
      { delta: { ...good.delta, asks: {} } },
      { delta: { ...good.delta, pane: [] } },
      { delta: { ...good.delta, trimmed: 'yes' } },
      { delta: { ...good.delta, earlier: -1 } },
      { delta: { ...good.delta, earlier: '3' } },
    ];
    for (const raw of bad) expect(parseChatDelta(raw), JSON.stringify(raw)?.slice(0, 80)).toBeNull();
  });
});

describe('applyChatDelta', () => {
  it('keeps the held objects of unchanged entries and takes the changed fields', () => {
    const next = applyChatDelta(held, '"v1"', parseChatDelta(good)!)!;
    expect(next.entries.map((e) => (e.type === 'item' ? e.item.id : e.id))).toEqual(['a', 'b', 'c']);
    expect(next.entries[0]).toBe(held.entries[0]);
    expect(next.trimmed).toBe(true);
    expect(next.pane).toBe(held.pane);
    // A tail's count of what it left out moves as the tail slides.
    expect(applyChatDelta({ ...held, earlier: 4 }, '"v1"', parseChatDelta({ delta: { ...good.delta, earlier: 5 } })!)?.earlier).toBe(5);
  });

  it('refuses a delta made for another version or another list, or one that reaches past it', () => {
    const delta = parseChatDelta(good)!;
    expect(applyChatDelta(held, '"v0"', delta)).toBeNull();
    expect(applyChatDelta({ ...held, entries: [item('a', '1')] }, '"v1"', delta)).toBeNull();
    expect(applyChatDelta(held, '"v1"', { ...delta, entries: [[1, 2]] })).toBeNull();
  });

  it('refuses a delta that would grow the chat past what the bridge keeps of a pane', () => {
    const many = { from: '"v1"', held: 2, entries: Array.from({ length: BRIDGE_MEMORY.paneEntries }, () => [0, 2] as [number, number]) };
    expect(applyChatDelta(held, '"v1"', many)).toBeNull();
  });
});
