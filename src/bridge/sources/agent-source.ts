import type { ClosedPageJson, HistoryJson } from '../../wire/bridge-json';
import type { ActReply, ActRequest, AskReply, AskRequest } from '../../wire/write-json';
import type { WriteContext } from '../acts/act-runner';
import type { Versioned } from '../http/versioned';

/**
 * A live view: its key, its JSON and what it follows (long-polls wait on these, and its rendering
 * is kept while their versions stand).
 */
export interface LiveView {
  key: string;
  sources: Versioned[];
  render: () => unknown;
  /**
   * A chat: its renderings are remembered so that a phone holding one is sent only what changed
   * (a delta); the agent epoch they belong to.
   */
  chat?: { epoch: () => string };
}

/**
 * One agent as the phone's routes read and write it, wherever it runs: an agent this bridge polls
 * (`polled-agent.ts`), or on the lead of a crew a member bridge's agent, read and written through
 * that member (`member-agent.ts`). No route asks which one it has.
 */
export interface AgentSource {
  /** Its conversations, starters and actions, live. */
  agentView(): Promise<LiveView>;
  /** One open chat, live; a pane that is not open is a 404 `no-such-pane`. */
  chatView(paneId: string): Promise<LiveView>;
  /** Closed conversations, a page at a time: always read from the agent, never kept. */
  closedPage(after: string | null): Promise<ClosedPageJson>;
  history(conversationId: string, after: string | null): Promise<HistoryJson>;
  /** Every write but an answer, at most once under the phone's request id. */
  act(request: ActRequest, ctx: WriteContext): Promise<ActReply>;
  /** One tap on an ask card, at most once under the phone's request id. */
  answer(askId: string, request: AskRequest, ctx: WriteContext): Promise<AskReply>;
}
