/**
 * The bridge's JSON views for the phone (its writes: write-json.ts; pairing: pairing-json.ts).
 * Everything in here has already been parsed and cleaned by the bridge.
 */
import type { PreviewBlock } from './markdown-words';
import type { PairingRequestJson } from './pairing-json';
import type { Ask, AskKind, BeltButton, Caps, DecidedBy, Item, ItemKind, PaneState, Starter, Turn, VersionRange } from './types';

export const AGENT_STATUSES = ['ok', 'starting', 'unreachable', 'version-mismatch', 'token-refused'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/**
 * Why an agent cannot be read, as a code the phone words in its own language (the English
 * `reason` beside it is the bridge's log wording, kept for the CLI and for codes a phone does not know).
 */
export const REASON_CODES = [
  'timeout',
  'connection-refused',
  'no-socket',
  'connection-lost',
  'too-large',
  'not-json',
  'bad-address',
  'certificate-refused',
  'address-refused',
  'bad-reply',
  'not-durable',
  'version-mismatch',
  'token-refused',
  // The agent runs on a machine of the crew whose bridge does not answer the lead (`AgentRow.machine` names it).
  'machine-not-answering',
  'unknown',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export interface AgentRow {
  name: string;
  /** The agent's own name from hello, when read. */
  hostName?: string;
  runtime?: string;
  where: 'here' | 'elsewhere';
  status: AgentStatus;
  /** Why the agent is unreachable, or the version-mismatch sentence, in the bridge's (English) words. */
  reason?: string;
  /** The same as a code, for the phone to say in its own language. */
  reasonCode?: ReasonCode;
  /** With `version-mismatch`: the wire versions each side speaks. */
  versions?: { agent: VersionRange; collie: VersionRange };
  open: number;
  needsYou: number;
  caps: Caps | null;
  /**
   * An agent on another machine of the crew: that machine's label, and the agent's name there.
   * Its `name` here is `<agent>@<label>`, unique beside this bridge's own agents.
   */
  machine?: { label: string; agent: string };
}

/** A machine of the crew as the lead's dashboard groups by it: `not-answering` once its bridge missed two reads. */
export interface MachineRow {
  label: string;
  state: 'live' | 'not-answering';
}

export interface DashboardJson {
  /** False when durable agents are off: the phone shows no section. */
  durable: boolean;
  agents: AgentRow[];
  /** Every open ask of every agent that answers, oldest first: the dashboard's "Needs you". */
  inbox: InboxAsk[];
  /** The other machines of the crew this bridge leads (absent when it leads none): the dashboard groups by them. */
  machines?: MachineRow[];
  /** Devices waiting for a paired phone's Allow (absent when none waits). */
  pairing?: PairingRequestJson[];
}

/**
 * One open ask in the dashboard's inbox. An ask is named by its agent and its id together
 * (`askKey`): two copies of one agent program raise asks with the same id.
 */
export interface InboxAsk {
  agent: string;
  paneId: string;
  askId: string;
  kind: AskKind;
  /**
   * What the card's headline is built from: a permission ask's tool name only (empty when it
   * names none), never its title or reason, which are model text; the ask's title otherwise.
   */
  title: string;
  /** A permission ask's command or path, one line (`toolSummary`); `aboutCut` when that line leaves some of it out. */
  about?: string;
  aboutCut?: true;
  createdAt?: string;
  /** The conversation's title. */
  conversation: string;
}

/**
 * The newest item of an open conversation, for its row in the list: one line, already cleaned
 * and cut. The phone words it by kind (copy stays in its locales).
 */
export interface RowPreview {
  kind: ItemKind;
  /** A text item's text (markdown as its words); a tool's name; a link's title or address; a code block's first line. */
  text: string;
  /** A markdown item's blocks, named rather than shown (absent when it has none). */
  blocks?: PreviewBlock[];
  /** When the item was written (the agent's clock). */
  at: string;
}

export interface ConversationRow {
  paneId: string;
  conversationId?: string;
  workspaceId: string;
  tabId: string;
  title: string;
  /** "Workspace · Tab", for the list's second line. */
  place: string;
  state: PaneState;
  needsYou: number;
  /** Its oldest open question, as the inbox words it (`InboxAsk`'s kind and title): the list shows it in place of the preview. */
  question?: Pick<InboxAsk, 'kind' | 'title'>;
  /** The newest item the bridge holds of it; none before its first item. */
  preview?: RowPreview;
  /**
   * When it last moved, for the list's order and time: the newest of its newest item, its open
   * asks and its turn's start and end (the agent's clock); for a conversation with none of these,
   * when this bridge first saw it.
   */
  activeAt?: string;
}

export interface LayoutWorkspace {
  id: string;
  title: string;
  tabs: { id: string; title: string }[];
}

export interface AgentJson {
  agent: AgentRow;
  conversations: ConversationRow[];
  /** Workspaces and tabs, for rename and close. */
  layout: LayoutWorkspace[];
  starters: Starter[];
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

/**
 * A line the chat keeps when an ask closes: decided in the agent, timed out, or answered from a
 * phone. A phone's answer names the options it chose by their labels; a typed answer says only
 * that one was sent (typed text never reaches the bridge's logs or cache: the phone that typed
 * it shows it back from its own record, found by `askId`).
 */
export type DecisionEntry = {
  type: 'decision';
  id: string;
  decidedBy: DecidedBy;
  title: string;
  /** The ask that closed. (Absent from lines kept before it was recorded.) */
  askId?: string;
  /** When the bridge saw it close (ISO 8601), so the line takes its place in the chat's days. */
  at?: string;
  /** With `phone`: what was answered. */
  answered?: { labels: string[] } | { typed: 'text' | 'form' };
  /** A permission's tool: the question as its card headed it (never the model's title). */
  tool?: string;
  /** With `phone`: the paired device that answered (its id, and its name then), and whether from its notification. */
  by?: AnsweredBy;
};

/** Who answered an ask, as the bridge that took the answer recorded it. */
export interface AnsweredBy {
  deviceId: string;
  device: string;
  via?: 'notification';
}

export type ChatEntry = { type: 'item'; item: Item } | DecisionEntry;

/** A send's receipt as the phone lists it under "Recent sends". */
export const SEND_STATUSES = ['sending', 'sent', 'queued', 'effective', 'refused', 'not-sent', 'unknown', 'maybe-applied'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

export interface SendRow {
  requestId: string;
  steer: boolean;
  status: SendStatus;
  /** Why it was refused, in the bridge's words. */
  reason?: string;
  at: string;
}

export interface ChatJson {
  agent: AgentRow;
  pane: { id: string; title: string; workspaceId: string; tabId: string; state: PaneState; turn: Turn | null; belt: BeltButton[] };
  entries: ChatEntry[];
  asks: PhoneAsk[];
  trimmed: boolean;
  /** The pane's recent sends and steers, newest first. */
  sends: SendRow[];
  /**
   * A tail read's (`?tail=1`): how many of the chat's entries come before the first one here, left
   * out. Always there in a tail read (0 when nothing was left out); never in a whole one.
   */
  earlier?: number;
}

/** A run of the entries the phone holds, unchanged and in order: `[from, count]`, indexes into its list. */
export type HeldRun = [from: number, count: number];

/**
 * What changed in a chat since the version the phone holds (`from`, that version's ETag), sent
 * in place of the whole view to a read that asked for deltas. `entries` is the new list in order:
 * runs of the `held` entries the phone has, and the entries that are new or changed, whole. Every
 * other field of `ChatJson` comes only when it changed, whole. The reply's ETag is the full view's.
 */
export type ChatDelta = Partial<Omit<ChatJson, 'entries'>> & {
  from: string;
  /** How many entries the phone holds at `from`: a delta for any other list is not applied. */
  held: number;
  entries: (HeldRun | ChatEntry)[];
};

/** A chat read's reply: the whole view, or what changed since the version the phone named. */
export type ChatReplyJson = ChatJson | { delta: ChatDelta };
