/**
 * The one limits table of wire v1 (WIRE.md §10). Every cut, refusal and reply cap in the
 * bridge and the agent kit reads its number from here.
 */
export const KIB = 1024;
export const MIB = 1024 * KIB;

export const LIMITS = {
  idBytes: 128,
  hostNameBytes: 64,
  titleBytes: 256,
  labelBytes: 128,
  beltLabelChars: 16,
  reasonBytes: 2048,
  toolOutputBytes: 16384,
  /** user, reply, thinking, notice text; also a tool's summary. */
  itemTextBytes: 65536,
  /** markdown and code text. */
  richTextBytes: 32768,
  linkUrlChars: 2048,
  sendTextBytes: 32768,
  requestBodyBytes: 64 * KIB,
  cursorBytes: 512,
  workspaces: 64,
  tabs: 256,
  panes: 256,
  starters: 50,
  beltButtons: 4,
  openAsksPerPane: 50,
  permissionOptions: 6,
  choiceOptions: 8,
  formFields: 6,
  eventsPerReply: 1000,
  viewItems: 2000,
  historyConversations: 100,
  historyItems: 1000,
  requestIdMemory: 500,
  decidedAskMemory: 500,
} as const;

/** Reply size caps: a reply over its cap is not read. */
export const REPLY_LIMITS = {
  hello: 16 * KIB,
  snapshot: 4 * MIB,
  events: 8 * MIB,
  conversations: 1 * MIB,
  items: 8 * MIB,
  post: 16 * KIB,
} as const;

export type ReplyKind = keyof typeof REPLY_LIMITS;

/** The wire versions this build speaks. */
export const WIRE_VERSIONS = { min: 1, max: 1 } as const;
export const WIRE_PREFIX = '/session/v1';
export const VERSION_HEADER = 'x-collie-session';
export const SERVICE_NAME = 'collie-durable';
