import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { BridgeHttpError, type BridgeClient } from '../bridge-client';
import type { ActReply, ActRequest, RefusalReason } from '../../wire/bridge-json';
import { isRecord } from '../../wire/read';
import { mintRequestId } from '../request-id';
import type { Storage } from '../storage';

type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An act as a view asks for it: the store mints its request id. */
export type ActDraft = OmitEach<ActRequest, 'requestId'>;

/** One tap's intent on a control: minted once, saved before the first send, sent at most twice. */
export interface ActIntent {
  requestId: string;
  /** The control it came from (see controlKey). */
  key: string;
  request: ActRequest;
  tries: 1 | 2;
  /** `failed`: the bridge refused the request itself (4xx); nothing reached the agent. */
  state: 'sending' | 'unknown' | 'done' | 'failed';
  reply?: ActReply;
  error?: string;
  at: number;
}

/** What a control shows about the person's latest tap on it. */
export type ActStatus =
  | { phase: 'idle' }
  | { phase: 'sending'; act: ActRequest['act'] }
  | { phase: 'done'; act: ActRequest['act']; reply: ActReply }
  | { phase: 'failed'; act: ActRequest['act']; message: string };

export const ACTS_KEY = 'collie.acts.v1';
/** Intents older than this are forgotten: their controls have long moved on. */
export const ACT_MEMORY_MS = 24 * 60 * 60 * 1000;

/** Reasons the bridge may also give as a 4xx code (text checks); read them as refusals. */
const REFUSAL_REASONS: Record<RefusalReason, true> = {
  busy: true,
  'ask-open': true,
  'turn-moved': true,
  'no-turn': true,
  'not-found': true,
  'too-long': true,
  empty: true,
  'bad-request': true,
  'agent-refused': true,
};
const isRefusalReason = (code: string): code is RefusalReason => Object.hasOwn(REFUSAL_REASONS, code);

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
}

function parseIntents(raw: unknown): Record<string, ActIntent> | null {
  if (!isRecord(raw)) return null;
  const out: Record<string, ActIntent> = {};
  for (const [id, value] of Object.entries(raw)) {
    const ok = isRecord(value) && value.requestId === id && typeof value.key === 'string' && isRecord(value.request) && typeof value.at === 'number';
    if (ok && (value.tries === 1 || value.tries === 2)) out[id] = value as unknown as ActIntent;
  }
  return out;
}

export function createActsStore(client: BridgeClient, storage: Storage, now: () => number = Date.now): ActsStore {
  const loaded = storage.read(ACTS_KEY, parseIntents) ?? {};
  const restored: Record<string, ActIntent> = {};
  for (const intent of Object.values(loaded)) {
    if (now() - intent.at > ACT_MEMORY_MS) continue;
    // A send a reload cut short has an unknown outcome: offer Try again under the same id.
    if (intent.state === 'sending') restored[intent.requestId] = { ...intent, state: 'unknown', reply: { outcome: 'unknown' } };
    // Settled intents offer nothing after a reload; an old "Sent." would only mislead.
    else if (intent.state === 'unknown') restored[intent.requestId] = intent;
  }
  const intents = signal<Record<string, ActIntent>>(restored);

  const save = (given: ActIntent) => {
    // Only an unknown outcome may be sent again; a settled intent keeps no typed text on the phone.
    const settledText = (given.state === 'done' || given.state === 'failed') && 'text' in given.request;
    const intent = settledText ? { ...given, request: { ...given.request, text: '' } } : given;
    const kept: Record<string, ActIntent> = {};
    for (const old of Object.values(intents.peek())) if (now() - old.at <= ACT_MEMORY_MS) kept[old.requestId] = old;
    intents.value = { ...kept, [intent.requestId]: intent };
    storage.write(ACTS_KEY, intents.peek());
  };

  const byControl = computed(() => {
    const latest: Record<string, ActIntent> = {};
    for (const intent of Object.values(intents.value)) {
      const seen = latest[intent.key];
      if (!seen || seen.at <= intent.at) latest[intent.key] = intent;
    }
    return latest;
  });

  async function send(intent: ActIntent): Promise<ActReply | null> {
    save(intent); // kept before the request leaves, so a reload can still offer Try again
    try {
      const reply = await client.act(intent.request);
      save({ ...intent, state: reply.outcome === 'unknown' ? 'unknown' : 'done', reply });
      return reply;
    } catch (err) {
      if (err instanceof BridgeHttpError && err.status < 500) {
        if (isRefusalReason(err.code)) {
          const reply: ActReply = { outcome: 'refused', reason: err.code };
          save({ ...intent, state: 'done', reply });
          return reply;
        }
        save({ ...intent, state: 'failed', error: err.message });
        return null;
      }
      // A lost connection or a 5xx: the bridge may have passed it on.
      const reply: ActReply = { outcome: 'unknown' };
      save({ ...intent, state: 'unknown', reply });
      return reply;
    }
  }

  const intentOf = (key: string) => byControl.value[key];

  return {
    byControl,
    intentOf,
    statusOf(key) {
      const intent = intentOf(key);
      if (!intent) return { phase: 'idle' };
      const act = intent.request.act;
      if (intent.state === 'sending') return { phase: 'sending', act };
      if (intent.state === 'failed') return { phase: 'failed', act, message: intent.error ?? '' };
      // After the one Try again, an outcome still unknown may have been applied: never a third send.
      if (intent.state === 'unknown') return { phase: 'done', act, reply: { outcome: intent.tries === 2 ? 'maybe-applied' : 'unknown' } };
      return { phase: 'done', act, reply: intent.reply ?? { outcome: 'unknown' } };
    },
    canRetry(key) {
      const intent = intentOf(key);
      return intent?.state === 'unknown' && intent.tries === 1;
    },
    latestOf(keys) {
      let best: ActIntent | undefined;
      for (const key of keys) {
        const intent = intentOf(key);
        if (intent && (!best || intent.at >= best.at)) best = intent;
      }
      return best?.key ?? null;
    },
    async run(draft) {
      const key = controlKey(draft);
      if (byControl.peek()[key]?.state === 'sending') return null; // a double tap sends one request
      const requestId = mintRequestId();
      return send({ requestId, key, request: { ...draft, requestId } as ActRequest, tries: 1, state: 'sending', at: now() });
    },
    async retry(key) {
      const intent = byControl.peek()[key];
      if (!intent || intent.state !== 'unknown' || intent.tries !== 1) return null;
      const { reply: _unknown, ...rest } = intent;
      return send({ ...rest, tries: 2, state: 'sending', at: now() });
    },
  };
}
