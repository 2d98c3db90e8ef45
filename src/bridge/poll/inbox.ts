import type { InboxAsk } from '../../wire/bridge-json';
import { panesOf } from '../../wire/parse-snapshot';
import { toolSummary } from '../../wire/tool-summary';
import type { AgentStore } from './agent-store';
import { askTitle } from './ask-title';

/** When an ask was raised, in ms; an ask with no (readable) time sorts after those with one. */
function raisedAt(ask: InboxAsk): number {
  const at = ask.createdAt === undefined ? NaN : Date.parse(ask.createdAt);
  return Number.isNaN(at) ? Infinity : at;
}

/**
 * Every open ask across the agents, oldest first by its `createdAt`, then in the order the agents
 * and their panes list them. Only agents that answer now: an unreachable agent's asks are its
 * last known state, and the dashboard shows its status instead of its counts.
 */
export function inboxOf(stores: readonly AgentStore[]): InboxAsk[] {
  const asks: InboxAsk[] = [];
  for (const store of stores) {
    if (store.status !== 'ok' || !store.snapshot) continue;
    for (const { pane } of panesOf(store.snapshot)) {
      for (const ask of pane.asks) {
        const row: InboxAsk = { agent: store.name, paneId: pane.id, askId: ask.id, kind: ask.kind, title: askTitle(ask), conversation: pane.title };
        const about = ask.kind === 'permission' && ask.tool ? toolSummary(ask.tool.input) : null;
        if (about) Object.assign(row, { about: about.text }, about.whole ? {} : { aboutCut: true });
        if (ask.createdAt) row.createdAt = ask.createdAt;
        asks.push(row);
      }
    }
  }
  return oldestFirst(asks);
}

/** Asks oldest first by `createdAt`; equal or unreadable times keep the order given (Array sort is stable). */
export function oldestFirst(asks: InboxAsk[]): InboxAsk[] {
  return asks.sort((a, b) => {
    const [x, y] = [raisedAt(a), raisedAt(b)];
    return x === y ? 0 : x < y ? -1 : 1;
  });
}
