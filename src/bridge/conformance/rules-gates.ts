import { agentPath, agentPathLabel } from '../../wire/agent-paths';
import type { CapName } from '../../wire/types';
import { freshId } from './check-call';
import { declared, expectReply, firstPaneId, needSnapshot, skip, type CheckContext, type Rule } from './rule';

/** Every POST route and the cap that gates it (WIRE.md §2, §3, §10). */
export const POST_ROUTES: { cap: CapName; label: string; path: (paneId: string) => string }[] = [
  { cap: 'asks', label: agentPathLabel('answer'), path: (pane) => agentPath('answer', { pane }) },
  { cap: 'send', label: agentPathLabel('send'), path: (pane) => agentPath('send', { pane }) },
  { cap: 'abort', label: agentPathLabel('abort'), path: (pane) => agentPath('abort', { pane }) },
  { cap: 'actions', label: agentPathLabel('action'), path: (pane) => agentPath('action', { pane }) },
  { cap: 'rename', label: agentPathLabel('rename'), path: () => agentPath('rename') },
  { cap: 'close', label: agentPathLabel('close'), path: () => agentPath('close') },
  { cap: 'starters', label: agentPathLabel('starter'), path: () => agentPath('starter', { starter: freshId('starter') }) },
  { cap: 'reopen', label: agentPathLabel('reopen'), path: () => agentPath('reopen') },
];

/** A real pane where the agent shows one, so a refusal cannot be blamed on the pane id. */
export function paneForWrites(ctx: CheckContext): string {
  return firstPaneId(ctx) ?? freshId('pane');
}

/**
 * An undeclared cap's route does not exist: `404 not-found`. The body holds only a request id,
 * so even an agent that wrongly serves the route finds nothing to run.
 */
const gateRules: Rule[] = POST_ROUTES.map(({ cap, label, path }) => ({
  name: `gate: POST ${label} is 404 not-found without cap ${cap}`,
  writes: true,
  run: async (ctx: CheckContext) => {
    needSnapshot(ctx);
    if (declared(ctx, cap)) skip(`cap ${cap} is declared`);
    const res = await ctx.call({ method: 'POST', path: path(paneForWrites(ctx)), body: { requestId: freshId('request') } });
    expectReply(res, 404, 'not-found');
  },
}));

/** A declared cap's route refuses what names nothing, before anything runs. */
const declaredRules: Rule[] = [
  {
    name: 'starters: 404 no-such-starter for an unknown starter',
    writes: true,
    run: async (ctx) => {
      needSnapshot(ctx);
      if (!declared(ctx, 'starters')) skip('cap starters is not declared');
      const res = await ctx.call({ method: 'POST', path: agentPath('starter', { starter: freshId('starter') }), body: { requestId: freshId('request') } });
      expectReply(res, 404, 'no-such-starter');
    },
  },
  {
    name: 'send: 400 bad-request for empty text',
    writes: true,
    run: async (ctx) => {
      needSnapshot(ctx);
      if (!declared(ctx, 'send')) skip('cap send is not declared');
      const paneId = firstPaneId(ctx) ?? skip('the agent shows no pane');
      const body = { requestId: freshId('request'), text: '', turnId: null, steer: false };
      expectReply(await ctx.call({ method: 'POST', path: agentPath('send', { pane: paneId }), body }), 400, 'bad-request');
    },
  },
  {
    name: 'reopen: 404 no-such-conversation for an unknown conversation',
    writes: true,
    run: async (ctx) => {
      needSnapshot(ctx);
      if (!declared(ctx, 'reopen')) skip('cap reopen is not declared');
      const body = { requestId: freshId('request'), conversationId: freshId('conversation') };
      expectReply(await ctx.call({ method: 'POST', path: agentPath('reopen'), body }), 404, 'no-such-conversation');
    },
  },
];

export const capRules: Rule[] = [...gateRules, ...declaredRules];
