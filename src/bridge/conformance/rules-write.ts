import { isDeepStrictEqual } from 'node:util';
import { agentPath } from '../../wire/agent-paths';
import { isValidId } from '../../wire/ids';
import { LIMITS } from '../../wire/limits';
import { count, isRecord, type Rec } from '../../wire/read';
import { freshId } from './check-call';
import { paneForWrites, POST_ROUTES } from './rules-gates';
import type { WireResponse } from '../link/transport';
import { asList, declared, describeReply, expectReply, expectWithin, fail, firstPaneId, needSnapshot, objectBody, rawPanes, skip, type CheckContext, type Rule } from './rule';

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

/** A path under /session/v1 that no agent serves. */
const UNKNOWN_PATH = '/conformance-no-such-route';

/** The ask the rule meant to answer was decided or forgotten between the snapshot and the answer. */
function closedMeanwhile(res: WireResponse): boolean {
  const body = isRecord(res.json) ? res.json : {};
  return (res.status === 200 && body.outcome === 'too-late') || body.code === 'decided';
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
    name: 'writes: 413 too-large comes before 404 (an unknown path, an unknown pane)',
    writes: true,
    run: async (ctx) => {
      needSnapshot(ctx);
      const body = { requestId: freshId('request'), pad: 'x'.repeat(LIMITS.requestBodyBytes) };
      expectReply(await ctx.call({ method: 'POST', path: UNKNOWN_PATH, body }), 413, 'too-large');
      expectReply(await ctx.call({ method: 'POST', path: answerPath(freshId('pane')), body }), 413, 'too-large');
    },
  },
  {
    // Only an unknown path tells the two apart: there `{}` goes on to 404, a refused body stops at 400.
    name: 'writes: an empty POST body reads as {} (an unknown path: 404 not-found, not 400)',
    writes: true,
    run: async (ctx) => {
      needSnapshot(ctx);
      const res = await ctx.call({ method: 'POST', path: UNKNOWN_PATH });
      if (res.status === 400) fail(`the empty body was refused (${describeReply(res)}): it reads as {}, and the path is checked after the body`);
      expectReply(res, 404, 'not-found');
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
      if (closedMeanwhile(res)) skip('the ask closed meanwhile');
      expectReply(res, 400, 'bad-answer');
    },
  },
  {
    name: 'request id: a 400 bad-answer is not remembered (its repeat is judged again, not replayed)',
    writes: true,
    run: async (ctx) => {
      needAsks(ctx);
      const { paneId, askId, revision } = await openOptionAsk(ctx);
      const body = unfitAnswer(askId, revision);
      const first = await ctx.call({ method: 'POST', path: answerPath(paneId), body });
      if (closedMeanwhile(first)) skip('the ask closed meanwhile');
      expectReply(first, 400, 'bad-answer');
      const again = await ctx.call({ method: 'POST', path: answerPath(paneId), body });
      expectReply(again, 400, 'bad-answer');
      if (objectBody(again).replayed !== undefined) fail('the repeat says replayed: a 400 ran nothing, so it is judged again, never replayed');
      const corrected = await ctx.call({ method: 'POST', path: answerPath(paneId), body: { ...body, answer: { optionIds: [freshId('option')] } } });
      if (isRecord(corrected.json) && corrected.json.code === 'request-id-reused')
        fail('the id of a 400 got 409 request-id-reused: a refused request is not remembered, so its id is free');
      expectReply(corrected, 400, 'bad-answer');
    },
  },
  {
    name: 'answer: 409 stale carrying the ask for another revision',
    writes: true,
    run: async (ctx) => {
      needAsks(ctx);
      const { paneId, askId, revision } = await openOptionAsk(ctx);
      // Older where there is one, else newer (a confused reader's): both are stale. The answer
      // does not fit either, so nothing runs even if the revision were ignored.
      const other = revision > 1 ? revision - 1 : revision + 1;
      const res = await ctx.call({ method: 'POST', path: answerPath(paneId), body: unfitAnswer(askId, other) });
      if (res.status === 400 && isRecord(res.json) && res.json.code === 'bad-answer') skip('the agent judged the (deliberately unfit) answer before its revision');
      expectReply(res, 409, 'stale');
      const { ask } = objectBody(res);
      if (ask === undefined) fail('the stale reply has no ask: it carries the current one');
      if (!isRecord(ask) || ask.id !== askId || ask.revision !== revision) fail(`the stale reply's ask is not the current one (revision ${revision})`);
    },
  },
];
