/**
 * The bridge's JSON for the phone: the only types the app shares with the bridge.
 * Everything in here has already been parsed and cleaned by the bridge.
 */
import type { Answer, Ask, BeltButton, Caps, DecidedBy, Item, PaneState, Turn } from './types';

export type AgentStatus = 'ok' | 'starting' | 'unreachable' | 'version-mismatch' | 'token-refused';

export interface AgentRow {
  name: string;
  /** The agent's own name from hello, when read. */
  hostName?: string;
  runtime?: string;
  where: 'here' | 'elsewhere';
  status: AgentStatus;
  /** Why the agent is unreachable, or the version-mismatch sentence. */
  reason?: string;
  open: number;
  needsYou: number;
  caps: Caps | null;
}

export interface DashboardJson {
  /** False when durable agents are off: the phone shows no section. */
  durable: boolean;
  agents: AgentRow[];
}

export interface ConversationRow {
  paneId: string;
  conversationId?: string;
  title: string;
  /** "Workspace · Tab", for the list's second line. */
  place: string;
  state: PaneState;
  needsYou: number;
}

export interface AgentJson {
  agent: AgentRow;
  conversations: ConversationRow[];
}

/** A closed conversation in the agent's history (never from the bridge's cache). */
export interface ClosedConversationRow {
  id: string;
  title: string;
  updatedAt?: string;
  closedAt?: string;
}

export interface ClosedPageJson {
  conversations: ClosedConversationRow[];
  /** Where the next page starts, or null at the end. */
  next: string | null;
}

/** A closed conversation, read-only, a page at a time from the agent's history. */
export interface HistoryJson {
  conversation: { id: string; title: string };
  entries: ChatEntry[];
  next: string | null;
  trimmed: boolean;
}

/** An ask as the phone sees it, with the hash it sends back when it answers. */
export type PhoneAsk = Ask & { hash: string };

export type ChatEntry =
  | { type: 'item'; item: Item }
  | { type: 'decision'; id: string; decidedBy: Exclude<DecidedBy, 'phone'>; title: string };

export interface ChatJson {
  agent: AgentRow;
  pane: { id: string; title: string; state: PaneState; turn: Turn | null; belt: BeltButton[] };
  entries: ChatEntry[];
  asks: PhoneAsk[];
  trimmed: boolean;
}

export interface AskRequest {
  agent: string;
  paneId: string;
  requestId: string;
  /** The hash of the ask the phone drew. */
  hash: string;
  answer: Answer;
  /** The person tapped an allow-always option twice. */
  secondTap?: boolean;
}

export type AskOutcome =
  | 'taken'
  | 'stale'
  | 'decided-in-agent'
  | 'timed-out'
  | 'already-answered'
  | 'too-late'
  | 'unknown'
  | 'maybe-applied';

export interface AskReply {
  outcome: AskOutcome;
  /** With `stale`: the ask as it is now. */
  ask?: PhoneAsk;
}

export interface BridgeError {
  code: string;
  message: string;
}
