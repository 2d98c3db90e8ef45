import { describe, expect, it } from 'vitest';
import { parseEventsReply } from './parse-events';

const epoch = 'dU4UTIK0IoJIbCBHmHs8IOAeTpnaFXlr';

describe('parseEventsReply', () => {
  it('reads events and skips unknown types and broken events', () => {
    const reply = parseEventsReply({
      epoch,
      cursor: 4,
      view: false,
      events: [
        { seq: 1, type: 'item', item: { id: 'i', kind: 'reply', at: '2026-11-30T10:00:00Z', text: 'hi' } },
        { seq: 2, type: 'weather', sky: 'blue' },
        { seq: 3, type: 'ask-closed', askId: 'a', decidedBy: 'timeout', outcome: null },
        { seq: 'x', type: 'turn', turn: { id: 't', state: 'running' } },
        { seq: 0, type: 'ask-closed', askId: 'a', decidedBy: 'timeout', outcome: null },
        { seq: 4, type: 'ask-closed', askId: 'a', decidedBy: 'someone' },
      ],
    });
    expect(reply?.view === false && reply.events.map((e) => e.seq)).toEqual([1, 3]);
  });

  it('reads a current view with its trimmed flag', () => {
    const reply = parseEventsReply({ epoch, cursor: 9, view: true, items: [], asks: [], turn: null, trimmed: true });
    expect(reply).toMatchObject({ view: true, cursor: 9, trimmed: true });
  });

  it('keeps typed text out of an outcome', () => {
    const reply = parseEventsReply({ epoch, cursor: 1, events: [{ seq: 1, type: 'ask-closed', askId: 'a', decidedBy: 'phone', outcome: { text: 'secret' } }] });
    expect(reply?.view === false && reply.events[0]).toMatchObject({ outcome: { text: '' } });
  });

  it('is null without an epoch or cursor', () => {
    expect(parseEventsReply({ cursor: 1, events: [] })).toBeNull();
    expect(parseEventsReply({ epoch, events: [] })).toBeNull();
  });
});
