import { isDeepStrictEqual } from 'node:util';
import { agentPath } from '../../wire/agent-paths';
import { isValidId } from '../../wire/ids';
import { LIMITS } from '../../wire/limits';
import { count, isRecord, type Rec } from '../../wire/read';
import { freshId } from './check-call';
import { paneForWrites, POST_ROUTES } from './rules-gates';
import { asList, declared, expectReply, expectWithin, fail, firstPaneId, needSnapshot, objectBody, rawPanes, skip, type CheckContext, type Rule } from './rule';

/**
 * The write rules (WIRE.md §1, §7, §10). Each is chosen so nothing real runs: unknown ids,
 * missing fields and answers that do not fit, all refused before an agent acts.
 */

const TOO_LATE_NOTE = 'too-late-answer';

interface TooLateNote {
  path: string;
  body: Rec;
  reply: unknown;
}

const answerPath = (paneId: string) => agentPath('answer', { pane: paneId });

function needAsks(ctx: CheckContext): void {
  needSnapshot(ctx);
  if (!declared(ctx, 'asks')) skip('cap asks is not declared (its gate rule covers the route)');
}

/** An answer that cannot fit any ask: the option id is made up on the spot. */
function unfitAnswer(askId: string, revision: number): Rec {
  return { requestId: freshId('request'), askId, revision, answer: { optionIds: [freshId('option')] } };
}

/** The first open choice or permission ask, read fresh so it is still open now. */
async function openOptionAsk(ctx: CheckContext): Promise<{ paneId: string; askId: string; revision: number }> {
  const res = await ctx.call({ path: agentPath('snapshot') });
  expectReply(res, 200);
  for (const pane of rawPanes(objectBody(res))) {
    for (const ask of asList(pane.asks)) {
      if (!isRecord(ask) || (ask.kind !== 'choice' && ask.kind !== 'permission')) continue;
      const revision = count(ask.revision);
      if (typeof pane.id === 'string' && isValidId(ask.id) && revision !== undefined) return { paneId: pane.id, askId: ask.id, revision };
    }
  }
  return skip('no open choice or permission ask');
}

export const writeRules: Rule[] = [
  {
    name: 'writes: 413 too-large for a body over 64 KiB',
    writes: true,
    run: async (ctx) => {
      needSnapshot(ctx);
      // A route that exists, so the size is the only thing wrong with the request.
      const route = POST_ROUTES.find(({ cap }) => declared(ctx, cap)) ?? skip('no POST route is declared');
      const body = { requestId: freshId('request'), pad: 'x'.repeat(LIMITS.requestBodyBytes) };
      expectReply(await ctx.call({ method: 'POST', path: route.path(paneForWrites(ctx)), body }), 413, 'too-large');
    },
  },
  {
    name: 'writes: an empty body reads as {} (answer: 400 bad-request)',
    writes: true,
    run: async (ctx) => {
      needAsks(ctx);
      const paneId = firstPaneId(ctx) ?? skip('the agent shows no pane');
      expectReply(await ctx.call({ method: 'POST', path: answerPath(paneId) }), 400, 'bad-request');
    },
  },
  {
    name: 'answer: 404 no-such-pane for an unknown pane',
    writes: true,
    run: async (ctx) => {
      needAsks(ctx);
      const res = await ctx.call({ method: 'POST', path: answerPath(freshId('pane')), body: unfitAnswer(freshId('ask'), 1) });
      expectReply(res, 404, 'no-such-pane');
    },
  },
  {
    name: 'answer: 200 too-late for an unknown ask',
    writes: true,
    run: async (ctx) => {
      needAsks(ctx);
      const path = answerPath(firstPaneId(ctx) ?? skip('the agent shows no pane'));
      const body = unfitAnswer(freshId('ask'), 1);
      const res = await ctx.call({ method: 'POST', path, body });
      expectReply(res, 200);
      expectWithin(res, 'post');
      const reply = objectBody(res);
      if (reply.outcome !== 'too-late') fail(`outcome is ${JSON.stringify(reply.outcome)}, not too-late`);
      ctx.notes.set(TOO_LATE_NOTE, { path, body, reply } satisfies TooLateNote);
    },
  },
  {
    name: 'request id: a repeat gets the first reply again with replayed: true',
    writes: true,
    run: async (ctx) => {
      const note = (ctx.notes.get(TOO_LATE_NOTE) as TooLateNote | undefined) ?? skip('needs the too-late answer above');
      const res = await ctx.call({ method: 'POST', path: note.path, body: note.body });
      expectReply(res, 200);
      const expected = { ...(note.reply as Rec), replayed: true };
      if (!isDeepStrictEqual(objectBody(res), expected)) fail(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(res.json)}`.slice(0, 300));
    },
  },
  {
    name: 'request id: 409 request-id-reused for another payload',
    writes: true,
    run: async (ctx) => {
      const note = (ctx.notes.get(TOO_LATE_NOTE) as TooLateNote | undefined) ?? skip('needs the too-late answer above');
      const res = await ctx.call({ method: 'POST', path: note.path, body: { ...note.body, revision: 2 } });
      expectReply(res, 409, 'request-id-reused');
    },
  },
  {
    name: 'answer: 400 bad-answer for an option the ask does not have',
    writes: true,
    run: async (ctx) => {
      needAsks(ctx);
      const { paneId, askId, revision } = await openOptionAsk(ctx);
      const res = await ctx.call({ method: 'POST', path: answerPath(paneId), body: unfitAnswer(askId, revision) });
      const code = isRecord(res.json) ? res.json.code : undefined;
      if ((res.status === 200 && isRecord(res.json) && res.json.outcome === 'too-late') || code === 'decided') skip('the ask closed meanwhile');
      expectReply(res, 400, 'bad-answer');
    },
  },
  {
    name: 'answer: 409 stale carrying the ask for an older revision',
    writes: true,
    run: async (ctx) => {
      needAsks(ctx);
      const { paneId, askId, revision } = await openOptionAsk(ctx);
      if (revision <= 1) skip('the open ask is at revision 1, there is no older one');
      // The answer does not fit either, so nothing runs even if the revision were ignored.
      const res = await ctx.call({ method: 'POST', path: answerPath(paneId), body: unfitAnswer(askId, revision - 1) });
      if (res.status === 400 && isRecord(res.json) && res.json.code === 'bad-answer') skip('the agent judged the (deliberately unfit) answer before its revision');
      expectReply(res, 409, 'stale');
      const { ask } = objectBody(res);
      if (!isRecord(ask) || ask.id !== askId) fail('the stale reply does not carry the current ask');
    },
  },
];
