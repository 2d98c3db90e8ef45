import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { triesLeft } from '../../wire/tries';
import { isRecord } from '../../wire/read';
import { mintRequestId } from '../request-id';
import type { Storage } from '../storage';

/** One tap's intent: its request id minted once, saved before the first send, sent at most twice. */
export interface Intent<Req, Rep> {
  requestId: string;
  /** The card or control it came from: a double tap on it sends one request. */
  key: string;
  request: Req;
  tries: 1 | 2;
  /**
   * `failed`: the bridge refused the request itself; nothing reached the agent. `unsent`: the
   * bridge could not reach the agent; Try again sends it, and that try does not count.
   */
  state: 'sending' | 'unknown' | 'unsent' | 'done' | 'failed';
  reply?: Rep;
  error?: string;
  at: number;
  /** What the person will recognise it by once settled (a send's first line): kept on the phone only. */
  preview?: string;
}

/** Intents older than this are forgotten: their cards and controls have long moved on. */
export const INTENT_MEMORY_MS = 24 * 60 * 60 * 1000;

export interface IntentLedgerOptions<Req, Rep> {
  storageKey: string;
  storage: Storage;
  now?: () => number;
  /** The one request to the bridge; `key` is the intent's card or control. */
  send(request: Req, key: string): Promise<Rep>;
  /** The reply says the agent did not confirm. */
  isUnknown(reply: Rep): boolean;
  /** The reply says nothing reached the agent (the bridge could not reach it). */
  isUnsent(reply: Rep): boolean;
  unknownReply: Rep;
  /** How an error ends the intent: a reply given as an error code, a refusal, or unknown. */
  fromError(err: unknown): { reply: Rep } | { error: string } | 'unknown';
  /** The request as kept once settled: only an unknown outcome may be sent again, so no typed text stays. */
  scrub(request: Req): Req;
  /** A short line to remember the intent by after its typed text is dropped. */
  preview?(request: Req): string | undefined;
  /** Whether the phone is online; offline, a tap sends nothing and nothing is queued for later. */
  online?: () => boolean;
  /**
   * An offline tap keeps what it would have sent, for the person's Try again (a message they typed).
   * Without it the tap is only said offline: a card is tapped again from the card itself.
   */
  keepUnsent?: boolean;
}

export interface IntentLedger<Req, Rep> {
  /** The latest intent per key. */
  byKey: ReadonlySignal<Record<string, Intent<Req, Rep>>>;
  intentOf(key: string): Intent<Req, Rep> | undefined;
  /** `Try again` is offered: the first try's outcome is unknown (never after the second). */
  canRetry(key: string): boolean;
  /** Of these keys, the one tapped last. */
  latestOf(keys: string[]): string | null;
  /** A new intent; null when one for this key is still in flight (a double tap). */
  submit(key: string, make: (requestId: string) => Req): Promise<Rep | null>;
  /** `Try again`: the same request id, once. */
  retry(key: string): Promise<Rep | null>;
  /** The latest tap on this key found the phone offline: nothing was sent. */
  wasOffline(key: string): boolean;
  /** When that tap was (ms), if it was. */
  offlineAt(key: string): number | undefined;
  /** The intent with this request id, if the phone still keeps it. */
  byRequestId(requestId: string): Intent<Req, Rep> | undefined;
  /** What the latest tap on this key asked for: sent, or held back because the phone was offline. */
  pendingRequest(key: string): Req | undefined;
  /**
   * An intent made and sent elsewhere on this phone (a press on a notification, by the service
   * worker, which minted its id): kept as this ledger's own, so its card shows how it went and
   * an unknown one offers the one Try again under its id. One already held is left as it is.
   */
  adopt(intent: Intent<Req, Rep>): void;
}

function parseIntents<Req, Rep>(raw: unknown): Record<string, Intent<Req, Rep>> | null {
  if (!isRecord(raw)) return null;
  const out: Record<string, Intent<Req, Rep>> = {};
  for (const [id, value] of Object.entries(raw)) {
    const ok = isRecord(value) && value.requestId === id && typeof value.key === 'string' && isRecord(value.request) && typeof value.at === 'number';
    if (ok && (value.tries === 1 || value.tries === 2)) out[id] = value as unknown as Intent<Req, Rep>;
  }
  return out;
}

/**
 * The phone's one request-id ledger (docs/phone.md §4), kept in durable browser storage: an intent is
 * saved before its request leaves, so a reload or a lost connection can still offer `Try again`
 * with the same id; it is sent at most twice; after a reload a cut-short send reads as unknown.
 */
export function createIntentLedger<Req, Rep>(options: IntentLedgerOptions<Req, Rep>): IntentLedger<Req, Rep> {
  const now = options.now ?? Date.now;
  const loaded = options.storage.read(options.storageKey, (raw) => parseIntents<Req, Rep>(raw)) ?? {};
  const restored: Record<string, Intent<Req, Rep>> = {};
  for (const intent of Object.values(loaded)) {
    if (now() - intent.at > INTENT_MEMORY_MS) continue;
    // A send a reload cut short has an unknown outcome: offer Try again under the same id.
    if (intent.state === 'sending') restored[intent.requestId] = { ...intent, state: 'unknown', reply: options.unknownReply };
    // Settled intents offer nothing after a reload; an old outcome would only mislead.
    else if (intent.state === 'unknown' || intent.state === 'unsent') restored[intent.requestId] = intent;
  }
  const intents = signal<Record<string, Intent<Req, Rep>>>(restored);

  const save = (given: Intent<Req, Rep>) => {
    const intent = given.state === 'done' || given.state === 'failed' ? { ...given, request: options.scrub(given.request) } : given;
    const kept: Record<string, Intent<Req, Rep>> = {};
    for (const old of Object.values(intents.peek())) if (now() - old.at <= INTENT_MEMORY_MS) kept[old.requestId] = old;
    intents.value = { ...kept, [intent.requestId]: intent };
    options.storage.write(options.storageKey, intents.peek());
  };

  const byKey = computed(() => {
    const latest: Record<string, Intent<Req, Rep>> = {};
    for (const intent of Object.values(intents.value)) {
      const seen = latest[intent.key];
      if (!seen || seen.at <= intent.at) latest[intent.key] = intent;
    }
    return latest;
  });

  async function send(intent: Intent<Req, Rep>): Promise<Rep | null> {
    save(intent); // kept before the request leaves, so a reload can still offer Try again
    try {
      const reply = await options.send(intent.request, intent.key);
      save({ ...intent, state: options.isUnsent(reply) ? 'unsent' : options.isUnknown(reply) ? 'unknown' : 'done', reply });
      return reply;
    } catch (err) {
      const ended = options.fromError(err);
      if (ended === 'unknown') {
        save({ ...intent, state: 'unknown', reply: options.unknownReply }); // the bridge may have passed it on
        return options.unknownReply;
      }
      if ('reply' in ended) {
        save({ ...intent, state: 'done', reply: ended.reply });
        return ended.reply;
      }
      save({ ...intent, state: 'failed', error: ended.error });
      return null;
    }
  }

  const intentOf = (key: string) => byKey.value[key];
  const online = options.online ?? (() => true);
  /**
   * Keys whose latest tap met an offline phone. A new tap keeps what it would have sent (`unsent`):
   * nothing left the phone, so Try again sends it then, under the id minted for it. Cleared by the
   * next tap that goes out.
   */
  const offline = signal<ReadonlyMap<string, { at: number; unsent?: { requestId: string; request: Req } }>>(new Map());
  const markOffline = (key: string, mark: { at: number; unsent?: { requestId: string; request: Req } } | null) => {
    const next = new Map(offline.peek());
    if (mark) next.set(key, mark);
    else next.delete(key);
    offline.value = next;
  };
  const sendNew = (key: string, requestId: string, request: Req) => {
    const preview = options.preview?.(request);
    return send({ requestId, key, request, tries: 1, state: 'sending', at: now(), ...(preview ? { preview } : {}) });
  };
  return {
    byKey,
    intentOf,
    canRetry(key) {
      if (offline.value.get(key)?.unsent) return true;
      const intent = intentOf(key);
      return intent?.state === 'unsent' || (intent?.state === 'unknown' && triesLeft(intent.tries));
    },
    latestOf(keys) {
      let best: { key: string; at: number } | undefined;
      for (const key of keys) {
        const at = Math.max(intentOf(key)?.at ?? -Infinity, offline.value.get(key)?.at ?? -Infinity);
        if (at > -Infinity && (!best || at >= best.at)) best = { key, at };
      }
      return best?.key ?? null;
    },
    pendingRequest: (key) => offline.value.get(key)?.unsent?.request ?? intentOf(key)?.request,
    wasOffline: (key) => offline.value.has(key),
    offlineAt: (key) => offline.value.get(key)?.at,
    byRequestId: (requestId) => intents.value[requestId],
    adopt(intent) {
      if (intents.peek()[intent.requestId] || now() - intent.at > INTENT_MEMORY_MS) return;
      save(intent);
    },
    async submit(key, make) {
      if (byKey.peek()[key]?.state === 'sending') return null; // a double tap sends one request
      const requestId = mintRequestId();
      const request = make(requestId);
      // Every act stays at most once: nothing waits to be sent later; Try again is the person's tap.
      if (!online()) {
        markOffline(key, { at: now(), ...(options.keepUnsent ? { unsent: { requestId, request } } : {}) });
        return null;
      }
      markOffline(key, null);
      return sendNew(key, requestId, request);
    },
    async retry(key) {
      const mark = offline.peek().get(key);
      const intent = byKey.peek()[key];
      const unknown = intent?.state === 'unknown' && triesLeft(intent.tries);
      const unsent = intent?.state === 'unsent';
      if (!mark?.unsent && !unknown && !unsent) return null;
      if (!online()) {
        markOffline(key, { ...mark, at: now() }); // still offline: said again, still to be tried
        return null;
      }
      markOffline(key, null);
      if (mark?.unsent) return sendNew(key, mark.unsent.requestId, mark.unsent.request);
      // A try that never reached the agent does not count against the request's tries.
      return intent ? send({ ...intent, tries: unsent ? intent.tries : 2, state: 'sending', at: now() }) : null;
    },
  };
}
