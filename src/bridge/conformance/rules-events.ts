import { agentPath } from '../../wire/agent-paths';
import { count, isRecord, type Rec } from '../../wire/read';
import { freshId } from './check-call';
import { eventProblems } from './shape-events';
import { conversationsProblems, conversationsWarnings, eventsPageProblems, itemsPageProblems, viewProblems } from './shape-replies';
import { asList, declared, expectReply, expectWithin, failOnProblems, needSnapshot, objectBody, rawPanes, skip, warn, type CheckContext, type Rule } from './rule';

/** As the poller: at most this many panes are read per run. */
const MAX_PANES = 20;
/** Pages per pane before the check calls the agent stuck. */
const MAX_PAGES = 50;
/** An epoch no agent holds (the rule only needs one that is not the current). */
const FOREIGN_EPOCH = 'A'.repeat(22);
const HISTORY_LIMIT = 5;

function eventsPath(paneId: string, after: number, epoch: string): string {
  return `${agentPath('events', { pane: paneId })}?after=${after}&epoch=${encodeURIComponent(epoch)}`;
}

/** What the events rules read, kept for the rules after them (item shapes, decided asks). */
export const SEEN_NOTE = 'seen-events';
export interface Seen {
  items: { paneId: string; item: unknown }[];
  closed: { paneId: string; event: Rec }[];
  /** Every event of every page, as sent. */
  events: { paneId: string; event: unknown }[];
}

export function seen(ctx: CheckContext): Seen {
  let found = ctx.notes.get(SEEN_NOTE) as Seen | undefined;
  if (!found) ctx.notes.set(SEEN_NOTE, (found = { items: [], closed: [], events: [] }));
  return found;
}

function remember(ctx: CheckContext, paneId: string, body: Rec): void {
  const found = seen(ctx);
  for (const item of asList(body.items)) found.items.push({ paneId, item });
  for (const event of asList(body.events)) {
    found.events.push({ paneId, event });
    if (!isRecord(event)) continue;
    if (event.type === 'item') found.items.push({ paneId, item: event.item });
    if (event.type === 'ask-closed') found.closed.push({ paneId, event });
  }
}

/** Reads one pane from after=0 until its cursor reaches the snapshot's; returns what went wrong. */
async function readPane(ctx: CheckContext, paneId: string, target: number, epoch: string): Promise<string[]> {
  let after = 0;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const res = await ctx.call({ path: eventsPath(paneId, after, epoch) });
    expectReply(res, 200);
    expectWithin(res, 'events');
    const body = objectBody(res);
    // A view is allowed too: the agent may no longer keep the early events, or holds over 1000.
    const problems = body.view === true ? viewProblems(body, epoch) : eventsPageProblems(body, after, epoch);
    if (problems.length > 0) return problems.map((p) => `pane ${paneId}, after=${after}: ${p}`);
    remember(ctx, paneId, body);
    const cursor = count(body.cursor) ?? after;
    if (cursor >= target) return [];
    if (body.view === true) return [`pane ${paneId}: the view's cursor ${cursor} is behind the snapshot's ${target}`];
    if (cursor === after) return [`pane ${paneId}: stuck at cursor ${cursor}, the snapshot says ${target}`];
    after = cursor;
  }
  return [`pane ${paneId}: ${MAX_PAGES} pages did not reach cursor ${target}`];
}

function knownPanes(snapshot: Rec): { id: string; cursor: number }[] {
  return rawPanes(snapshot)
    .filter((pane): pane is Rec & { id: string } => typeof pane.id === 'string')
    .map((pane) => ({ id: pane.id, cursor: count(pane.cursor) ?? 0 }));
}

/** Events and history (WIRE.md §8, §12). */
export const eventsRules: Rule[] = [
  {
    name: 'events: pages from after=0 rise by seq and reach the snapshot cursor',
    run: async (ctx) => {
      const snapshot = needSnapshot(ctx);
      const panes = knownPanes(snapshot).slice(0, MAX_PANES);
      if (panes.length === 0) skip('the agent shows no pane');
      const problems: string[] = [];
      for (const pane of panes) problems.push(...(await readPane(ctx, pane.id, pane.cursor, String(snapshot.epoch))));
      failOnProblems(problems);
    },
  },
  {
    name: 'events: ask-closed says decidedBy and outcome, a turn event its turn, as the bridge reads them',
    run: async (ctx) => {
      needSnapshot(ctx);
      const { events } = seen(ctx);
      if (events.length === 0) skip('no event was read');
      failOnProblems(events.flatMap(({ paneId, event }) => eventProblems(paneId, event)));
    },
  },
  {
    name: "events: a page after the pane's cursor is empty, and its cursor is after itself",
    run: async (ctx) => {
      const snapshot = needSnapshot(ctx);
      const pane = knownPanes(snapshot).find((p) => p.cursor > 0) ?? skip('no pane has an event yet');
      const res = await ctx.call({ path: eventsPath(pane.id, pane.cursor, String(snapshot.epoch)) });
      expectReply(res, 200);
      const body = objectBody(res);
      // The pane may have moved on since the snapshot: then the page holds its new events, which is right too.
      const problems = body.view === true ? viewProblems(body, String(snapshot.epoch)) : eventsPageProblems(body, pane.cursor, String(snapshot.epoch));
      failOnProblems(problems.map((p) => `pane ${pane.id}, after=${pane.cursor}: ${p}`));
    },
  },
  {
    name: 'events: a foreign epoch gets the current view',
    run: async (ctx) => {
      const snapshot = needSnapshot(ctx);
      const pane = knownPanes(snapshot)[0] ?? skip('the agent shows no pane');
      const res = await ctx.call({ path: eventsPath(pane.id, 0, FOREIGN_EPOCH) });
      expectReply(res, 200);
      expectWithin(res, 'events');
      failOnProblems(viewProblems(objectBody(res), String(snapshot.epoch)));
    },
  },
  {
    name: 'events: 404 no-such-pane for an unknown pane',
    run: async (ctx) => {
      const snapshot = needSnapshot(ctx);
      const res = await ctx.call({ path: eventsPath(freshId('pane'), 0, String(snapshot.epoch)) });
      expectReply(res, 404, 'no-such-pane');
    },
  },
  {
    name: 'history: 404 not-found without cap history',
    run: async (ctx) => {
      needSnapshot(ctx);
      if (declared(ctx, 'history')) skip('cap history is declared');
      expectReply(await ctx.call({ path: `${agentPath('conversations')}?limit=${HISTORY_LIMIT}` }), 404, 'not-found');
      expectReply(await ctx.call({ path: `${agentPath('items', { conversation: freshId('conversation') })}?limit=${HISTORY_LIMIT}` }), 404, 'not-found');
    },
  },
  {
    name: 'history: conversations page within 1 MiB, next cursor ≤ 512 printable bytes',
    run: async (ctx) => {
      needSnapshot(ctx);
      if (!declared(ctx, 'history')) skip('cap history is not declared');
      const res = await ctx.call({ path: `${agentPath('conversations')}?limit=${HISTORY_LIMIT}` });
      expectReply(res, 200);
      expectWithin(res, 'conversations');
      const body = objectBody(res);
      failOnProblems(conversationsProblems(body, HISTORY_LIMIT));
      const first = Array.isArray(body.conversations) ? (body.conversations[0] as Rec | undefined) : undefined;
      if (typeof first?.id === 'string') ctx.notes.set('conversation', first.id);
      const warnings = conversationsWarnings(body);
      if (warnings.length > 0) warn(warnings.slice(0, 5).join('; '));
    },
  },
  {
    name: 'history: items page of the first conversation',
    run: async (ctx) => {
      needSnapshot(ctx);
      if (!declared(ctx, 'history')) skip('cap history is not declared');
      const id = ctx.notes.get('conversation');
      if (typeof id !== 'string') skip('no conversation was listed');
      const res = await ctx.call({ path: `${agentPath('items', { conversation: id })}?limit=${HISTORY_LIMIT}` });
      expectReply(res, 200);
      expectWithin(res, 'items');
      failOnProblems(itemsPageProblems(objectBody(res), HISTORY_LIMIT));
    },
  },
];
