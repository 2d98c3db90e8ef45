import type { Ledger } from './receipts/ledger';
import type { AgentLink } from './link/agent-link';
import type { AgentStore } from './poll/agent-store';
import type { Poller } from './poll/poller';

/** One attached agent as the rooms of the bridge share it: what it holds, how to reach it, its poller and its receipts. */
export interface AgentHandle {
  store: AgentStore;
  link: AgentLink;
  poller: Poller;
  ledger: Ledger;
}
