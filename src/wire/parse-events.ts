import { isValidEpoch } from './epoch-rule';
import { isValidId } from './ids';
import { LIMITS } from './limits';
import { parseAsk, parseTurn } from './parse-ask';
import { parseItem, type ItemDropReason } from './parse-item';
import { bool, count, isRecord, list, oneOf } from './read';
import { DECIDED_BY, type Answer, type EventsReply, type PaneEvent } from './types';

export function parseOutcome(raw: unknown): Answer | null {
  if (!isRecord(raw)) return null;
  if (Array.isArray(raw.optionIds) && raw.optionIds.every(isValidId)) return { optionIds: raw.optionIds };
  if (typeof raw.text === 'string') return { text: '' }; // typed text never travels past the edge
  if (isRecord(raw.values)) return { values: {} };
  return null;
}

function parseEvent(raw: unknown, onDrop?: (reason: ItemDropReason) => void): PaneEvent | null {
  if (!isRecord(raw)) return null;
  const seq = count(raw.seq);
  // Events number from 1 (0 is the cursor before the first): a seq of 0 names no event.
  if (seq === undefined || seq < 1) return null;
  switch (raw.type) {
    case 'item': {
      const item = parseItem(raw.item, onDrop);
      return item ? { seq, type: 'item', item } : null;
    }
    case 'ask': {
      const ask = parseAsk(raw.ask);
      return ask ? { seq, type: 'ask', ask } : null;
    }
    case 'ask-closed': {
      const decidedBy = oneOf(raw.decidedBy, DECIDED_BY);
      if (!isValidId(raw.askId) || !decidedBy) return null;
      return { seq, type: 'ask-closed', askId: raw.askId, decidedBy, outcome: parseOutcome(raw.outcome) };
    }
    case 'turn': {
      const turn = parseTurn(raw.turn);
      return turn ? { seq, type: 'turn', turn } : null;
    }
    default:
      return null; // a reader skips event types it does not know
  }
}

/** Turns an untrusted events reply (a page of events, or the pane's current view) into a cleaned one. */
export function parseEventsReply(raw: unknown, onDrop?: (reason: ItemDropReason) => void): EventsReply | null {
  if (!isRecord(raw) || !isValidEpoch(raw.epoch)) return null;
  const cursor = count(raw.cursor);
  if (cursor === undefined) return null;
  if (raw.view === true) {
    return {
      epoch: raw.epoch,
      cursor,
      view: true,
      items: list(raw.items, LIMITS.viewItems, (r) => parseItem(r, onDrop)),
      asks: list(raw.asks, LIMITS.openAsksPerPane, parseAsk),
      turn: raw.turn == null ? null : parseTurn(raw.turn),
      trimmed: bool(raw.trimmed) ?? false,
    };
  }
  return {
    epoch: raw.epoch,
    cursor,
    view: false,
    events: list(raw.events, LIMITS.eventsPerReply, (r) => parseEvent(r, onDrop)),
  };
}
