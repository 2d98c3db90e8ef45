import type { AgentJson, ChatJson } from '../../wire/bridge-json';
import { runAct } from '../acts/act-runner';
import { actSpec } from '../acts/act-specs';
import { answerAsk } from '../acts/answer-ask';
import { auditResult } from '../acts/audit-log';
import { sendRows } from '../acts/send-rows';
import type { AgentHandle } from '../agent-handle';
import { closedPage, conversationHistory } from '../history/agent-history';
import { HttpError } from '../http/http-error';
import type { AgentSource } from './agent-source';

/** An agent this bridge dials and polls: views of its store, writes through its link and ledger. */
export function polledAgent(handle: AgentHandle): AgentSource {
  const { store, ledger } = handle;
  return {
    agentView: async () => ({ key: JSON.stringify(['agent', store.name]), sources: [store], render: (): AgentJson => store.agentJson() }),
    // The chat with its recent sends, which follow the ledger.
    chatView: async (paneId) => ({
      key: JSON.stringify(['chat', store.name, paneId]),
      sources: [store, ledger],
      chat: { epoch: () => store.hello?.epoch ?? '' },
      render: (): ChatJson => {
        const chat = store.chatJson(paneId);
        if (!chat) throw new HttpError(404, 'no-such-pane', 'this conversation is not open');
        return { ...chat, sends: sendRows(ledger, store, paneId) };
      },
    }),
    closedPage: (after) => closedPage(handle, after),
    history: (conversationId, after) => conversationHistory(handle, conversationId, after),
    async act(request, ctx) {
      const reply = await runAct(handle, ctx, actSpec(handle, request));
      store.countResult(auditResult(reply));
      return reply;
    },
    async answer(askId, request, ctx) {
      const reply = await answerAsk(handle, askId, request, ctx);
      store.countResult(reply.outcome);
      return reply;
    },
  };
}
