import type { ReadonlySignal } from '@preact/signals';
import { unknownAfter } from '../../wire/tries';
import { BridgeHttpError, type BridgeClient } from '../phone-api-client';
import { isRefusalReason, type ActReply, type ActRequest } from '../../wire/write-json';
import type { Storage } from '../storage';
import { createIntentLedger, type Intent } from './intent-ledger';
import { actConversation, createWriteQueue, type WriteQueue } from './write-queue';

type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An act as a view asks for it: the store mints its request id. */
export type ActDraft = OmitEach<ActRequest, 'requestId'>;

/** One tap's intent on a control. */
export type ActIntent = Intent<ActRequest, ActReply>;

/** What a control shows about the person's latest tap on it. */
export type ActStatus =
  | { phase: 'idle' }
  | { phase: 'sending'; act: ActRequest['act'] }
  | { phase: 'done'; act: ActRequest['act']; reply: ActReply }
  | { phase: 'failed'; act: ActRequest['act']; message: string }
  /** The phone was offline: nothing was sent. */
  | { phase: 'offline' };

export const ACTS_KEY = 'collie.acts.v1';

// The bridge may also give a refusal reason as a 4xx code (text checks): read it as a refusal (isRefusalReason).

/** The key of a composer control on one pane (what controlKey gives for its drafts). */
export function paneActKey(agent: string, paneId: string, act: 'send' | 'steer' | 'stop'): string {
  return `${agent}/${paneId}/${act}`;
}

/** The control an act comes from: a double tap on one control sends one request. */
export function controlKey(draft: ActDraft): string {
  switch (draft.act) {
    case 'send':
    case 'steer':
    case 'stop':
      return paneActKey(draft.agent, draft.paneId, draft.act);
    case 'action':
      return `${draft.agent}/${draft.paneId}/action/${draft.actionId}`;
    case 'starter':
      return `${draft.agent}/starter/${draft.starterId}`;
    case 'rename':
    case 'close':
      return `${draft.agent}/${draft.act}/${draft.target}/${draft.id}`;
    case 'reopen':
      return `${draft.agent}/reopen/${draft.conversationId}`;
  }
}

export interface ActsStore {
  /** The latest intent per control key. */
  byControl: ReadonlySignal<Record<string, ActIntent>>;
  intentOf(key: string): ActIntent | undefined;
  statusOf(key: string): ActStatus;
  /** `Try again` is offered: the first try's outcome is unknown (never after the second). */
  canRetry(key: string): boolean;
  /** Of these controls, the one tapped last (for a status line shared by several buttons). */
  latestOf(keys: string[]): string | null;
  /** Null when nothing was sent (a double tap) or the bridge refused the request itself. */
  run(draft: ActDraft): Promise<ActReply | null>;
  /** `Try again`: the same request id, once. */
  retry(key: string): Promise<ActReply | null>;
  /** What the latest tap on a control asked for, sent or held back offline (Try again sends this). */
  pendingRequest(key: string): ActRequest | undefined;
  /** The first line of what this phone sent under a request id (its own record; the bridge keeps none). */
  previewOf(requestId: string): string | null;
}

/** How much of a send's first line the phone keeps to list it by. */
export const PREVIEW_CHARS = 80;
const firstLine = (text: string) => {
  const line = text.trim().split('\n')[0] ?? '';
  const chars = [...line];
  return chars.length > PREVIEW_CHARS ? `${chars.slice(0, PREVIEW_CHARS).join('')}…` : line;
};

/** Every act but answering, on the phone's one request-id ledger, keyed by control. */
export function createActsStore(client: BridgeClient, storage: Storage, now: () => number = Date.now, online?: () => boolean, inTurn: WriteQueue = createWriteQueue()): ActsStore {
  const ledger = createIntentLedger<ActRequest, ActReply>({
    ...(online ? { online } : {}),
    keepUnsent: true,
    storageKey: ACTS_KEY,
    storage,
    now,
    send: (request) => inTurn(actConversation(request), () => client.act(request)),
    isUnknown: (reply) => reply.outcome === 'unknown',
    isUnsent: (reply) => reply.outcome === 'not-sent',
    unknownReply: { outcome: 'unknown' },
    fromError(err) {
      if (!(err instanceof BridgeHttpError) || err.status >= 500) return 'unknown'; // the bridge may have passed it on
      // The bridge's own refusals of the text (too long, empty) read as the act's refusals.
      // Any other refusal is kept as its code, for the phone to word in its own language.
      return isRefusalReason(err.code) ? { reply: { outcome: 'refused', reason: err.code } } : { error: err.code };
    },
    scrub: (request) => ('text' in request ? { ...request, text: '' } : request),
    preview: (request) => ('text' in request ? firstLine(request.text) : undefined),
  });

  return {
    byControl: ledger.byKey,
    intentOf: (key) => ledger.intentOf(key),
    statusOf(key) {
      if (ledger.wasOffline(key)) return { phase: 'offline' };
      const intent = ledger.intentOf(key);
      if (!intent) return { phase: 'idle' };
      const act = intent.request.act;
      if (intent.state === 'sending') return { phase: 'sending', act };
      if (intent.state === 'failed') return { phase: 'failed', act, message: intent.error ?? '' };
      // After the one Try again, an outcome still unknown may have been applied: never a third send.
      if (intent.state === 'unknown') return { phase: 'done', act, reply: { outcome: unknownAfter(intent.tries) } };
      return { phase: 'done', act, reply: intent.reply ?? { outcome: 'unknown' } };
    },
    canRetry: (key) => ledger.canRetry(key),
    latestOf: (keys) => ledger.latestOf(keys),
    run: (draft) => ledger.submit(controlKey(draft), (requestId) => ({ ...draft, requestId })),
    retry: (key) => ledger.retry(key),
    pendingRequest: (key) => ledger.pendingRequest(key),
    previewOf: (requestId) => ledger.byRequestId(requestId)?.preview ?? null,
  };
}
