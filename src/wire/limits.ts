/**
 * The one limits table of wire v1 (WIRE.md §13). Every cut, refusal and reply cap in the
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
  /** An agent's error `code`, as the bridge passes it on. */
  errorCodeBytes: 64,
  toolOutputBytes: 16384,
  /** A permission ask's tool input: nesting kept, and entries kept per array or object. */
  toolInputDepth: 8,
  toolInputEntries: 64,
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
  /** An attached agent's name in `sources.json`, its URL, and its token. */
  agentNameChars: 64,
  agentUrlBytes: 2048,
  tokenMinBytes: 32,
  tokenMaxBytes: 4096,
  decidedAskMemory: 500,
} as const;

/**
 * What the bridge keeps of one agent (WIRE.md §13), so an agent inside every per-reply limit
 * still cannot grow the bridge without end. The agent keeps its full history; the bridge keeps
 * the latest part of each open pane, counted in UTF-8 bytes of the entries' JSON, oldest
 * dropped first (the chat then shows the trimmed line). 256 panes at their limits still share
 * one agent's 32 MiB.
 */
export const BRIDGE_MEMORY = {
  paneEntries: 5000,
  paneBytes: 4 * MIB,
  agentBytes: 32 * MIB,
  /** A cache file larger than this is not read (it is ignored and rewritten). */
  cacheFileBytes: 40 * MIB,
  /** Titles of closed conversations remembered for their chat's heading. */
  historyTitles: 1000,
  /** Agent epochs the bridge remembers having told of a version mismatch. */
  toldEpochs: 16,
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

/** A phone's request is sent at most this many times under one request id: the second try is the last. */
export const MAX_TRIES = 2;

/**
 * Push (docs/bridge.md §8, from the security page): each ask is decided once and pushed at most once;
 * at most 3 pushes a minute per conversation, 10 a minute and 30 an hour per agent host; what would
 * have been the 31st becomes one summary push, and that host then pushes nothing for an hour.
 */
export const PUSH_LIMITS = {
  perConversationPerMinute: 3,
  perHostPerMinute: 10,
  perHostPerHour: 30,
  silenceMs: 60 * 60 * 1000,
  /** How long a push service keeps an undelivered push: a question older than this is stale on a lock screen. */
  ttlSeconds: 6 * 60 * 60,
  subscriptionsPerDevice: 4,
  endpointBytes: 2048,
  /** Asks the bridge remembers having decided once they closed (open ones are always remembered). */
  closedAskMemory: 2000,
  /** Tags of recently closed pushed asks each push carries, so the worker withdraws their notifications. */
  closedInPayload: 16,
  /** A notification's lines, cut well inside a push's 4 KiB (and a lock screen's few lines). */
  titleBytes: 160,
  conversationBytes: 96,
  /**
   * A question answered from its notification (push-answer.ts): at most this many options, each
   * label at most this many characters as the agent wrote it. A longer one is never cut to fit a
   * button: that question keeps the plain notification.
   */
  answerOptions: 3,
  answerLabelChars: 32,
  /** What one push's JSON may weigh: a push's 4096 bytes less aes128gcm's header, tag and padding byte (RFC 8188, 8291). */
  payloadBytes: 3993,
  /** One push's POST must be answered within this, or it counts as failed. */
  sendDeadlineMs: 10_000,
  /** Posts under way at once across all subscriptions (each endpoint has one at a time). */
  sendsAtOnce: 32,
  /** Failures in a row (error statuses, no answer in time) after which a subscription is dropped. */
  failuresBeforeDrop: 3,
} as const;
