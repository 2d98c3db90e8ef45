import type { InboxAsk } from '../../wire/bridge-json';
import { panesOf } from '../../wire/parse-snapshot';
import { pushAnswerOf, type PushAnswer } from '../../wire/push-answer';
import { toPhoneAsk } from '../poll/ask-hash';
import type { AgentStore } from '../poll/agent-store';
import { inboxOf } from '../poll/inbox';

/** One agent's open asks, as the push watcher decides on them. */
export interface AgentAsks {
  /**
   * The agent as the phone names it: an attached agent's name, or `<agent>@<label>` for a crew
   * member's. Its limits and its asks' keys (and so their tags) go by this name.
   */
  agent: string;
  /** Its open asks now, as the inbox lists them (their text cleaned at the edge). */
  asks: readonly InboxAsk[];
  /**
   * What the ask's notification needs to answer it (push-answer.ts), read from the state the card
   * is drawn from. Asked only for an ask that is pushed to a device that may act; a member's is
   * read from its bridge, so it may take a moment (it never rejects: null keeps the plain push).
   */
  answerOf(ask: InboxAsk): PushAnswer | null | Promise<PushAnswer | null>;
}

/**
 * What push watches: something that says when it changed, and then which agents it knows to be
 * answering now. An agent left out (unreachable, or on a member that does not answer) keeps its
 * asks as they were: neither new nor closed, so coming back pushes nothing again.
 */
export interface PushSource {
  /** For the log. */
  readonly name: string;
  onChange(listener: () => void): () => void;
  agentsNow(): AgentAsks[];
}

/** An attached agent's store as a push source: its asks while it answers. */
export function storeSource(store: AgentStore): PushSource {
  return {
    name: store.name,
    onChange: (listener) => store.onChange(listener),
    agentsNow: () => (store.status === 'ok' && store.snapshot ? [{ agent: store.name, asks: inboxOf([store]), answerOf: (row) => answerOf(store, row) }] : []),
  };
}

/** What the ask's notification needs to answer it, read from the agent's state the push is decided on. */
function answerOf(store: AgentStore, row: InboxAsk): PushAnswer | null {
  const pane = store.snapshot && panesOf(store.snapshot).find(({ pane: p }) => p.id === row.paneId)?.pane;
  const ask = pane?.asks.find((a) => a.id === row.askId);
  return ask ? pushAnswerOf(toPhoneAsk(ask)) : null;
}
