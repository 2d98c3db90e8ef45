/**
 * The bridge's JSON for the phone: the only types the app shares with the bridge.
 * Everything in here has already been parsed and cleaned by the bridge.
 */
import type { PreviewBlock } from './markdown-words';
import type { Answer, Ask, AskKind, BeltButton, Caps, DecidedBy, Item, ItemKind, PaneState, Starter, Turn, VersionRange, WriteTarget } from './types';

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

export interface AskRequest {
  agent: string;
  paneId: string;
  requestId: string;
  /** The hash of the ask the phone drew. */
  hash: string;
  answer: Answer;
  /** The person tapped an allow-always option twice. */
  secondTap?: boolean;
  /** Pressed on the question's notification (the service worker sends it), for the audit line; a card sends none. */
  via?: 'notification';
}

/** Every outcome of an answer, as a list: whoever reads an answer's reply (the worker, a crew's lead) checks it against this one. */
/** `not-sent`: the bridge could not reach the agent (or the crew member) at all; nothing was delivered, Try again sends it. */
export const ASK_OUTCOMES = ['busy', 'taken', 'stale', 'decided-in-agent', 'timed-out', 'already-answered', 'too-late', 'not-sent', 'unknown', 'maybe-applied'] as const;
export type AskOutcome = (typeof ASK_OUTCOMES)[number];

export interface AskReply {
  outcome: AskOutcome;
  /** With `stale`: the ask as it is now. */
  ask?: PhoneAsk;
}

/** What a device may do: `control` reads and acts; `watch` reads only. */
export type DeviceRole = 'control' | 'watch';

/** This phone as the bridge knows it (never its credential). */
export interface DeviceJson {
  id: string;
  name: string;
  role: DeviceRole;
}

/** `POST /api/pair` with an invitation's secret; the credential comes back as an HttpOnly cookie only. */
export interface PairRequest {
  secret: string;
  /** The name the browser suggests, used when the invitation names none. */
  name?: string;
}

/**
 * `POST /api/pair`'s reply: this phone's device (its cookie is set), or, while a phone paired
 * already must allow it, `waiting` (202): the phone asks again with the same link until a paired
 * phone decides or the link expires.
 */
export type PairReply = { device: DeviceJson } | { waiting: { expiresAt: string } };

/** Where a pairing link was made, as a paired phone is shown it before it allows a new device. */
export interface LinkMadeJson {
  by: 'collie pair' | 'collie start';
  pid?: number;
  /** The command line of the process that asked for the link, cleaned and cut. */
  command?: string;
  /** Its terminal (`pts/3`), or null when it ran with none. */
  terminal?: string | null;
}

/** A device waiting for a paired phone's Allow: what the dashboard's card shows. */
export interface PairingRequestJson {
  id: string;
  name: string;
  role: DeviceRole;
  /** Null when the bridge could not tell (no Bun, not Linux). */
  made: LinkMadeJson | null;
  madeAt: string;
  /** Where the link was opened: the address the request came from and the browser it named. */
  from: { address: string; browser: string };
  askedAt: string;
  expiresAt: string;
}

/** `POST /api/pairing/:requestId`: a paired phone's answer to a device waiting to pair. */
export interface PairingDecision {
  allow: boolean;
}
/** `gone`: no device waits under that id any more (decided elsewhere, or its link expired). */
export interface PairingDecisionReply {
  outcome: 'allowed' | 'refused' | 'gone';
}

/** Every act on an agent besides answering: its body always carries the phone's request id. */
export type ActRequest =
  | { act: 'send'; agent: string; paneId: string; requestId: string; text: string; turnId: string | null }
  | { act: 'steer'; agent: string; paneId: string; requestId: string; text: string; turnId: string | null }
  | { act: 'stop'; agent: string; paneId: string; requestId: string; turnId: string | null }
  | { act: 'action'; agent: string; paneId: string; requestId: string; actionId: string; turnId: string | null }
  | { act: 'starter'; agent: string; requestId: string; starterId: string }
  | { act: 'rename'; agent: string; requestId: string; target: WriteTarget; id: string; title: string }
  | { act: 'close'; agent: string; requestId: string; target: WriteTarget; id: string }
  | { act: 'reopen'; agent: string; requestId: string; conversationId: string };

/** Every outcome of an act, as a list (see ASK_OUTCOMES). */
export const ACT_OUTCOMES = ['done', 'sent', 'queued', 'steered', 'stopped', 'idle', 'refused', 'not-sent', 'unknown', 'maybe-applied'] as const;
export type ActOutcome = (typeof ACT_OUTCOMES)[number];

/** Why an act was refused, as the phone is told: the one list (the phone's words are keyed by it). */
export const REFUSAL_REASONS = ['busy', 'ask-open', 'turn-moved', 'no-turn', 'not-found', 'too-long', 'empty', 'bad-request', 'agent-refused', 'caller-refused'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];
export const isRefusalReason = (code: string): code is RefusalReason => (REFUSAL_REASONS as readonly string[]).includes(code);

export interface ActReply {
  outcome: ActOutcome;
  reason?: RefusalReason;
  /** With ask-open: the ask to answer first. */
  askId?: string;
  /** With turn-moved: the turn as it is now. */
  turn?: Turn | null;
  /** A starter or a reopen: the pane it opened. */
  paneId?: string;
  conversationId?: string;
}
