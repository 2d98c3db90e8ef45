/** The shapes of wire v1 (WIRE.md). Values of these types are already checked and cleaned. */

/** `Omit` over each member of a union, so a discriminated union stays one. */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What rename and close can name. */
export const WRITE_TARGETS = ['workspace', 'tab', 'pane'] as const;
export type WriteTarget = (typeof WRITE_TARGETS)[number];

export interface VersionRange {
  min: number;
  max: number;
}

export const CAP_NAMES = ['asks', 'starters', 'send', 'steer', 'abort', 'rename', 'close', 'actions', 'history', 'reopen'] as const;
export type CapName = (typeof CAP_NAMES)[number];
export type Caps = Record<CapName, boolean>;

/** Whether an agent refuses writes from itself and the processes it started. */
export const CALLER_CHECKS = ['on', 'off'] as const;
export type CallerCheck = (typeof CALLER_CHECKS)[number];

export interface Hello {
  service: string;
  protocol: VersionRange;
  /** `callerCheck`: whether the agent refuses writes from its own processes (WIRE.md §17). */
  host: { name: string; runtime?: string; callerCheck?: CallerCheck };
  epoch: string;
  ready: boolean;
  caps: Caps;
}

/** The word lists of wire v1, one home each: parsers, schemas, the check and the offline reader all read these. */
export const PANE_STATES = ['waiting', 'working', 'idle'] as const;
export type PaneState = (typeof PANE_STATES)[number];
export const TURN_STATES = ['running', 'done', 'stopped', 'failed'] as const;
export type TurnState = (typeof TURN_STATES)[number];

export interface Turn {
  id: string;
  state: TurnState;
  startedAt?: string;
  endedAt?: string;
  queued: number;
}

export interface BeltButton {
  id: string;
  label: string;
}

export interface Starter {
  id: string;
  label: string;
}

export interface Option {
  id: string;
  label: string;
}

export const PERMISSION_EFFECTS = ['allow', 'allow-always', 'deny'] as const;
export type PermissionEffect = (typeof PERMISSION_EFFECTS)[number];
export interface PermissionOption extends Option {
  effect: PermissionEffect;
}

export const FORM_FIELD_TYPES = ['text', 'toggle', 'choice'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
export interface FormField {
  id: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  options?: Option[];
  multiple?: boolean;
}

interface AskBase {
  id: string;
  revision: number;
  toolCallId: string;
  itemId?: string;
  title: string;
  reason?: string;
  createdAt?: string;
  expiresAt?: string;
  /** Bridge-side only: the title, the reason or an option's label changed in cleaning (for a permission, the tool's name or input too). */
  shortened?: boolean;
}

export interface PermissionAsk extends AskBase {
  kind: 'permission';
  tool: { name: string; input: unknown } | null;
  options: PermissionOption[];
}
export interface ChoiceAsk extends AskBase {
  kind: 'choice';
  options: Option[];
  multiple: boolean;
  min?: number;
  max?: number;
}
export interface TextAsk extends AskBase {
  kind: 'text';
  placeholder?: string;
}
export interface FormAsk extends AskBase {
  kind: 'form';
  fields: FormField[];
}
/** A kind this build does not know: shown, never answerable. */
export interface UnknownAsk extends AskBase {
  kind: 'unknown';
  wireKind: string;
}
export type Ask = PermissionAsk | ChoiceAsk | TextAsk | FormAsk | UnknownAsk;
export type AskKind = Ask['kind'];
/** Every ask kind (`unknown` is the reader's own, never sent), from a record typed by the union: a kind added to `Ask` fails the type check here until it is listed. */
export const ASK_KINDS = Object.keys({ permission: 1, choice: 1, text: 1, form: 1, unknown: 1 } satisfies Record<AskKind, 1>) as AskKind[];

/** The answer to a permission or choice ask: the ids of the options taken. */
export type OptionAnswer = { optionIds: string[] };
/** The answer to a text ask: one line (it may be empty). */
export type TextAnswer = { text: string };
/** The answer to a form: a text field's string, a toggle's boolean, a choice field's list of option ids. */
export type FormAnswer = { values: Record<string, string | boolean | string[]> };
export type Answer = OptionAnswer | TextAnswer | FormAnswer;

export interface Pane {
  id: string;
  title: string;
  harness?: string;
  conversationId?: string;
  state: PaneState;
  turn: Turn | null;
  asks: Ask[];
  belt: BeltButton[];
  cursor: number;
}

export interface Tab {
  id: string;
  title: string;
  panes: Pane[];
}

export interface Workspace {
  id: string;
  title: string;
  tabs: Tab[];
}

export interface Snapshot {
  epoch: string;
  rev: number;
  workspaces: Workspace[];
  starters: Starter[];
}

export const TOOL_STATUSES = ['running', 'done', 'failed', 'denied'] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];

interface ItemBase {
  id: string;
  at: string;
}
export interface TextItem extends ItemBase {
  kind: 'user' | 'reply' | 'thinking' | 'notice';
  text: string;
  requestId?: string;
  /** A `user` item the person sent as a steer (into the running turn), not as a message of its own. */
  steer?: true;
}
export interface MarkdownItem extends ItemBase {
  kind: 'markdown';
  text: string;
}
export interface CodeItem extends ItemBase {
  kind: 'code';
  text: string;
  language?: string;
}
export interface LinkItem extends ItemBase {
  kind: 'link';
  url: string;
  title?: string;
}
export interface ToolItem extends ItemBase {
  kind: 'tool';
  toolCallId: string;
  name: string;
  summary?: string;
  output?: string;
  status: ToolStatus;
}
export type Item = TextItem | MarkdownItem | CodeItem | LinkItem | ToolItem;
export type ItemKind = Item['kind'];
/** Every item kind, from a record typed by the union (as `ASK_KINDS`). */
export const ITEM_KINDS = Object.keys({ user: 1, reply: 1, thinking: 1, notice: 1, markdown: 1, code: 1, link: 1, tool: 1 } satisfies Record<ItemKind, 1>) as ItemKind[];

/** Who decided an ask: the phone, the agent itself (a stop counts here), or its deadline (WIRE.md §8). */
export const DECIDED_BY = ['phone', 'program', 'timeout'] as const;
export type DecidedBy = (typeof DECIDED_BY)[number];

export type PaneEvent =
  | { seq: number; type: 'item'; item: Item }
  | { seq: number; type: 'ask'; ask: Ask }
  | { seq: number; type: 'ask-closed'; askId: string; decidedBy: DecidedBy; outcome: Answer | null }
  | { seq: number; type: 'turn'; turn: Turn };

export interface EventsPage {
  epoch: string;
  cursor: number;
  view: false;
  events: PaneEvent[];
}

export interface CurrentView {
  epoch: string;
  cursor: number;
  view: true;
  items: Item[];
  asks: Ask[];
  turn: Turn | null;
  trimmed: boolean;
}

export type EventsReply = EventsPage | CurrentView;

export type AnswerOutcome = 'taken' | 'too-late';

/**
 * Every error code an agent answers with (WIRE.md §2's table, which a test holds to this list):
 * the kit sends only these, and the check expects only these. A reader still takes any code
 * (`WireError.code` is a string): an agent may send one this build does not know.
 */
export const WIRE_ERROR_CODES = [
  'bad-request',
  'version-required',
  'bad-answer',
  'unauthorized',
  'caller-refused',
  'not-found',
  'no-such-pane',
  'no-such-conversation',
  'no-such-starter',
  'no-such-action',
  'no-such-workspace',
  'no-such-tab',
  'stale',
  'decided',
  'request-id-reused',
  'incompatible',
  'turn-moved',
  'ask-open',
  'no-turn',
  'too-large',
  'starting',
] as const;
export type WireErrorCode = (typeof WIRE_ERROR_CODES)[number];

export interface WireError {
  code: string;
  message?: string;
  [extra: string]: unknown;
}
