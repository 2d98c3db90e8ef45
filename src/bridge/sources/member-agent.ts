import type { ActReply, AskReply } from '../../wire/write-json';
import type { CrewActs } from '../crew/crew-acts';
import type { CrewViews } from '../crew/crew-views';
import type { AgentSource } from './agent-source';

/**
 * On the lead of a crew, a member's agent (`<agent>@<label>`): read from the member's bridge as a
 * phone reads it, and written through it once (`crew-acts.ts`). A chat's deltas are the lead's
 * own, made between its renderings of the member's view.
 */
export function memberAgent(name: string, views: CrewViews, acts: CrewActs): AgentSource {
  return {
    agentView: async () => ({ key: JSON.stringify(['agent', name]), ...(await views.agentView(name)) }),
    chatView: async (paneId) => ({ key: JSON.stringify(['chat', name, paneId]), ...(await views.chatView(name, paneId)), chat: { epoch: () => '' } }),
    closedPage: (after) => views.closedPage(name, after),
    history: (conversationId, after) => views.history(name, conversationId, after),
    act: async (request, ctx) => (await acts.forward({ kind: 'act', request }, ctx.device, ctx.audit)) as ActReply,
    answer: async (askId, request, ctx) => (await acts.forward({ kind: 'answer', askId, request }, ctx.device, ctx.audit)) as AskReply,
  };
}
