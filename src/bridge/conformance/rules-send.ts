import { isDeepStrictEqual } from 'node:util';
import { agentPath } from '../../wire/agent-paths';
import { count, isRecord, type Rec } from '../../wire/read';
import { freshId } from './check-call';
import { seen } from './rules-events';
import { decisionProblems } from './shape-events';
import { itemProblems } from './shape-items';
import { asList, declared, expectReply, expectWithin, fail, failOnProblems, judgeProblems, needSnapshot, objectBody, rawPanes, skip, type CheckContext, type Rule } from './rule';

/**
 * Item shapes, send behaviour, decided asks and the replay of writes that succeed (WIRE.md
 * §7, §9, §10, §11). The send rules run nothing: a turn that moved and an
 * open ask are refused; the one text that is taken waits behind a turn already running, and says
 * that the check sent it.
 */
export const CHECK_TEXT = 'collie durable check: a queued text, sent by the conformance check';

const sendPath = (paneId: string) => agentPath('send', { pane: paneId });

async function freshPanes(ctx: CheckContext): Promise<Rec[]> {
  const res = await ctx.call({ path: agentPath('snapshot') });
  expectReply(res, 200);
  return rawPanes(objectBody(res)).filter((pane) => typeof pane.id === 'string');
}

function needCap(ctx: CheckContext, cap: string): void {
  needSnapshot(ctx);
  if (!declared(ctx, cap)) skip(`cap ${cap} is not declared`);
}

const turnOf = (pane: Rec): Rec | null => (isRecord(pane.turn) ? pane.turn : null);

/** A repeat of the same request: the first reply again, with `replayed: true`. */
async function expectReplay(ctx: CheckContext, path: string, body: Rec, first: Rec): Promise<void> {
  const again = await ctx.call({ method: 'POST', path, body });
  expectReply(again, 200);
  const expected = { ...first, replayed: true };
  if (!isDeepStrictEqual(objectBody(again), expected)) fail(`the repeat got ${JSON.stringify(again.json)}, expected ${JSON.stringify(expected)}`.slice(0, 300));
}

export const itemRules: Rule[] = [
  {
    name: 'items: ids, kinds, times, links and tool states as the bridge reads them',
    run: async (ctx) => {
      needSnapshot(ctx);
      const { items } = seen(ctx);
      if (items.length === 0) skip('no item was read');
      judgeProblems(items.flatMap(({ paneId, item }) => itemProblems(paneId, item)));
    },
  },
];

export const sendRules: Rule[] = [
  {
    name: 'send: 409 turn-moved carrying the current turn for a turn that is not it',
    writes: true,
    run: async (ctx) => {
      needCap(ctx, 'send');
      const pane = (await freshPanes(ctx)).find((p) => asList(p.asks).length === 0) ?? skip('every pane has an open ask');
      const res = await ctx.call({
        method: 'POST',
        path: sendPath(String(pane.id)),
        body: { requestId: freshId('request'), text: CHECK_TEXT, turnId: freshId('turn'), steer: false },
      });
      expectReply(res, 409, 'turn-moved');
      const { turn } = objectBody(res);
      if (turn === undefined) fail('the reply carries no turn');
      if ((isRecord(turn) ? turn.id : null) !== (turnOf(pane)?.id ?? null)) fail(`the reply's turn ${JSON.stringify(turn)} is not the pane's current one`.slice(0, 300));
    },
  },
  {
    name: 'send: 409 ask-open naming the oldest open ask for a plain send, before turn-moved',
    writes: true,
    run: async (ctx) => {
      needCap(ctx, 'send');
      const pane = (await freshPanes(ctx)).find((p) => asList(p.asks).length > 0) ?? skip('no pane has an open ask');
      const oldest = asList(pane.asks)[0] as Rec;
      // A turn that is not the pane's too: ask-open is checked first, so it still answers (and nothing runs either way).
      const body = { requestId: freshId('request'), text: CHECK_TEXT, turnId: freshId('turn'), steer: false };
      const res = await ctx.call({ method: 'POST', path: sendPath(String(pane.id)), body });
      if (isRecord(res.json) && res.json.code === 'turn-moved') fail('got 409 turn-moved: for a plain send ask-open is checked before the turn');
      expectReply(res, 409, 'ask-open');
      if (objectBody(res).askId !== oldest.id) fail(`askId is ${JSON.stringify(objectBody(res).askId)}, the oldest open ask is ${JSON.stringify(oldest.id)}`);
    },
  },
  {
    name: 'send: a plain send behind a running turn is queued, and its repeat queues nothing more',
    writes: true,
    run: async (ctx) => {
      needCap(ctx, 'send');
      const pane = (await freshPanes(ctx)).find((p) => turnOf(p)?.state === 'running' && asList(p.asks).length === 0) ?? skip('no pane without asks has a running turn');
      const turn = turnOf(pane)!;
      const path = sendPath(String(pane.id));
      const body = { requestId: freshId('request'), text: CHECK_TEXT, turnId: turn.id, steer: false };
      const res = await ctx.call({ method: 'POST', path, body });
      expectReply(res, 200);
      expectWithin(res, 'post');
      const first = objectBody(res);
      if (first.status !== 'queued' || first.turnId !== turn.id)
        fail(`expected { status: "queued", turnId: ${JSON.stringify(turn.id)} }, got ${JSON.stringify(first)}`.slice(0, 300));
      await expectReplay(ctx, path, body, first);
      const after = (await freshPanes(ctx)).find((p) => p.id === pane.id);
      const now = after && turnOf(after);
      if (!now || now.id !== turn.id || now.state !== 'running') return; // the turn ended meanwhile: nothing left to count
      const before = count(turn.queued) ?? 0;
      if (count(now.queued) !== before + 1) fail(`turn.queued went from ${before} to ${JSON.stringify(now.queued)}, not ${before + 1}`);
    },
  },
  {
    name: 'request id: a repeat of a write that succeeded (rename to the same title) gets replayed: true',
    writes: true,
    run: async (ctx) => {
      needCap(ctx, 'rename');
      const pane = (await freshPanes(ctx)).find((p) => typeof p.title === 'string' && p.title.trim() !== '') ?? skip('no pane has a title to keep');
      const body = { requestId: freshId('request'), target: 'pane', id: pane.id, title: pane.title };
      const res = await ctx.call({ method: 'POST', path: agentPath('rename'), body });
      expectReply(res, 200);
      await expectReplay(ctx, agentPath('rename'), body, objectBody(res));
    },
  },
  {
    name: 'answer: 409 decided with decidedBy and the first outcome for a decided ask',
    writes: true,
    run: async (ctx) => {
      needCap(ctx, 'asks');
      const closed = seen(ctx).closed.at(-1) ?? skip('no ask-closed event was read');
      const { askId, decidedBy, outcome } = closed.event;
      const body = { requestId: freshId('request'), askId, revision: 1, answer: { optionIds: [freshId('option')] } };
      const res = await ctx.call({ method: 'POST', path: agentPath('answer', { pane: closed.paneId }), body });
      expectReply(res, 409, 'decided');
      const reply = objectBody(res);
      failOnProblems(decisionProblems('the 409 decided', reply.decidedBy, reply.outcome));
      if (reply.decidedBy !== decidedBy) fail(`decidedBy is ${JSON.stringify(reply.decidedBy)}, the ask-closed event said ${JSON.stringify(decidedBy)}`);
      if (!isDeepStrictEqual(reply.outcome ?? null, outcome ?? null))
        fail(`outcome is ${JSON.stringify(reply.outcome)}, the first outcome was ${JSON.stringify(outcome)}`.slice(0, 300));
    },
  },
];

/** Run last: they close and reopen a conversation and start turns in it. */
export const turnRules: Rule[] = [
  {
    name: 'turns: a conversation closed and reopened, twice, never reuses a turn id',
    writes: true,
    run: async (ctx) => {
      for (const cap of ['send', 'close', 'reopen']) needCap(ctx, cap);
      const pane =
        (await freshPanes(ctx)).find((p) => typeof p.conversationId === 'string' && asList(p.asks).length === 0 && turnOf(p)?.state !== 'running') ??
        skip('no pane names its conversation with no open ask and no turn running');
      const conversationId = String(pane.conversationId);
      const given = new Set<unknown>([turnOf(pane)?.id].filter((id) => typeof id === 'string'));
      let paneId = String(pane.id);
      // Twice: an agent that numbers turns from 1 in each pane gives the same id after each reopen.
      for (let round = 1; round <= 2; round += 1) {
        expectReply(await ctx.call({ method: 'POST', path: agentPath('close'), body: { requestId: freshId('request'), target: 'pane', id: paneId } }), 200);
        const reopened = await ctx.call({ method: 'POST', path: agentPath('reopen'), body: { requestId: freshId('request'), conversationId } });
        expectReply(reopened, 200);
        paneId = String(objectBody(reopened).paneId);
        const shown = (await freshPanes(ctx)).find((p) => p.id === paneId) ?? fail(`the reopened pane ${JSON.stringify(paneId)} is not in the snapshot`);
        const sent = await ctx.call({
          method: 'POST',
          path: sendPath(paneId),
          body: { requestId: freshId('request'), text: CHECK_TEXT, turnId: turnOf(shown)?.id ?? null, steer: false },
        });
        expectReply(sent, 200);
        const { turnId } = objectBody(sent);
        if (given.has(turnId)) fail(`after reopen ${round} the send's turn is ${JSON.stringify(turnId)}, an id this conversation had before: a turn id is never reused`);
        given.add(turnId);
        // The check wants the id, not the work.
        if (declared(ctx, 'abort')) await ctx.call({ method: 'POST', path: agentPath('abort', { pane: paneId }), body: { requestId: freshId('request'), turnId } });
      }
    },
  },
];
