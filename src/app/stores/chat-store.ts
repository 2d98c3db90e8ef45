import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { BridgeHttpError, type BridgeClient, type Fetched, type ReadOptions } from '../phone-api-client';
import { askKey } from '../../wire/ask-key';
import type { ChatEntry, ChatJson, PhoneAsk } from '../../wire/bridge-json';
import type { AskReply } from '../../wire/write-json';
import type { PhoneErrorCode } from '../../wire/phone-errors';
import type { Answer } from '../../wire/types';
import type { CardStatus } from './card-status';
import type { GivenAnswer } from './given-answer';
import type { IntentsStore } from './intents-store';
import { createOlderItems, type OlderPhase } from './older-items';
import { polled, type PollEnv, type Polled } from './polled';
import { keptCopy } from '../offline/kept-copy';
import type { KeptCopies } from '../storage';
import { reuseUnchanged } from './reuse-unchanged';
import type { SeenStore } from './seen-store';
import { firstUnread, indexOfKey } from './unread';
import { entryKey } from '../../wire/entry-key';

/** How long a card stays to say why a tap was not taken, after its question left the chat. */
export const SETTLED_CARD_MS = 8000;
const SETTLED_OUTCOMES = new Set(['decided-in-agent', 'timed-out', 'already-answered', 'too-late', 'maybe-applied']);
const NO_ENTRIES: ChatEntry[] = [];

export interface ChatStore {
  chat: ReadonlySignal<ChatJson | null>;
  /**
   * The chat's entries, older ones read from the agent's history first; an entry that did not
   * change stays the same object between reads.
   */
  entries: ReadonlySignal<ChatEntry[]>;
  /**
   * Where loading older items stands; `start` when nothing older can be shown. A chat opens with
   * only its newest entries (the bridge's tail); the first reach for older ones reads the whole
   * chat, and only then the agent's history.
   */
  olderPhase: ReadonlySignal<OlderPhase>;
  /** The chat's beginning is gone: said by the bridge, or by the history once it was read. */
  trimmed: ReadonlySignal<boolean>;
  /** Shows the entries just older than the first one shown: the rest of the chat, then the agent's history (the `history` cap). */
  loadOlder(): Promise<void>;
  /**
   * Open asks to show: a taken ask leaves at once, before the next read confirms it; an ask the
   * bridge found changed (stale) shows its new version at once.
   */
  asks: ReadonlySignal<PhoneAsk[]>;
  /** The card's status: the ask is the shown agent's (two agents may raise the same ask id). */
  statusOf(askId: string): CardStatus;
  canRetry(askId: string): boolean;
  stale: ReadonlySignal<boolean>;
  /**
   * What the bridge said is not there: the pane (closed, or never open), or the whole agent (not
   * attached); null while the chat is there or not yet read.
   */
  missing: ReadonlySignal<Missing>;
  show(agent: string, paneId: string): () => void;
  answer(ask: PhoneAsk, answer: Answer, options?: { secondTap: boolean }): Promise<void>;
  retry(askId: string): Promise<void>;
  /** What this phone answered to the shown agent's asks, by ask id: the chat's lines show it back. */
  given: ReadonlySignal<ReadonlyMap<string, GivenAnswer>>;
  /** The key of the newest entry the person had seen when this chat opened; null on a first visit. */
  seenAtOpen: ReadonlySignal<string | null>;
  /**
   * The key of the entry the unread divider goes above: the first one not seen before this visit,
   * decided at the chat's first read from the bridge (a copy kept from the last visit does not
   * decide it, and what arrives later in the visit never moves it). Null when nothing was new.
   */
  unread: ReadonlySignal<string | null>;
  /** The person has seen the chat up to this entry (`entryKey`): the next visit opens after it. */
  markSeen(entryKey: string): void;
}

export type Missing = 'pane' | 'agent' | null;
const MISSING_BY_CODE: Record<string, Missing> = { 'no-such-pane': 'pane', 'no-such-agent': 'agent' } satisfies Partial<Record<PhoneErrorCode, Missing>>;

interface Target {
  agent: string;
  paneId: string;
  resource: Polled<ChatJson>;
  /** The pane's conversation in the agent's history, looked up when older items are first wanted. */
  conversationId?: string;
  /** The unread divider was decided, at the first read of this visit. */
  divided?: boolean;
  /**
   * Reads the whole chat, not only its newest entries (`?tail=1`): the reader reached for older
   * ones, or the entry they saw last is older than the tail. Set once, for the rest of the visit.
   */
  whole?: boolean;
}

export function createChatStore(client: BridgeClient, intents: IntentsStore, env?: PollEnv, copies?: KeptCopies, seen?: SeenStore): ChatStore {
  const current = signal<Target | null>(null);
  const seenAtOpen = signal<string | null>(null);
  const unread = signal<string | null>(null);
  /** Newer versions of asks, keyed by `askKey`, as the bridge returned them with a stale outcome. */
  const changed = signal<Record<string, PhoneAsk>>({});
  /** Cards whose tap ended without the answer being taken stay a while to say why; keyed by `askKey`. */
  const settled = signal<Record<string, PhoneAsk>>({});
  /** The timer that takes each settled card away again, by `askKey`; all cleared when the chat is left. */
  const settledTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const forgetSettled = () => {
    for (const timer of settledTimers.values()) clearTimeout(timer);
    settledTimers.clear();
    settled.value = {};
  };
  const missing = signal<Missing>(null);
  const chat = computed(() => current.value?.resource.data.value ?? null);
  const older = createOlderItems();
  /** Reading the whole chat for the reader who reached for what its tail left out. */
  const widening = signal<'idle' | 'loading' | 'failed'>('idle');
  const leftOut = () => (chat.peek()?.earlier ?? 0) > 0;
  // Unchanged entries are reused where a read arrives (see show), so this only reads.
  const live = computed(() => chat.value?.entries ?? NO_ENTRIES);
  const entries = computed(() => (older.entries.value.length > 0 ? older.entries.value.concat(live.value) : live.value));
  const historyPage = async (target: Target, after: string | null) => {
    target.conversationId ??= await conversationOf(client, target.agent, target.paneId);
    return client.history(target.agent, target.conversationId, after);
  };
  const afterReply = async (target: Target, ask: PhoneAsk, reply: AskReply | null) => {
    const shownNow = current.peek();
    // A reply that comes back after the person went to another chat must not mark that chat's cards.
    if (shownNow?.agent === target.agent && shownNow.paneId === target.paneId) {
      if (reply?.outcome === 'stale' && reply.ask) changed.value = { ...changed.peek(), [askKey(target.agent, reply.ask.id)]: reply.ask };
      if (reply && SETTLED_OUTCOMES.has(reply.outcome)) {
        const key = askKey(target.agent, ask.id);
        settled.value = { ...settled.peek(), [key]: ask };
        clearTimeout(settledTimers.get(key)); // settled again: it stays its full time from now
        settledTimers.set(
          key,
          setTimeout(() => {
            settledTimers.delete(key);
            const { [key]: _, ...rest } = settled.peek();
            settled.value = rest;
          }, SETTLED_CARD_MS),
        );
      }
    }
    await target.resource.refresh();
  };

  const asks = computed(() => {
    const agent = current.value?.agent ?? '';
    const latest = intents.byAsk.value;
    const newer = changed.value;
    const open = (chat.value?.asks ?? [])
      .filter((ask) => {
        const intent = latest[askKey(agent, ask.id)];
        return !(intent?.state === 'done' && intent.reply?.outcome === 'taken');
      })
      .map((ask) => {
        const seen = newer[askKey(agent, ask.id)];
        return seen && seen.revision > ask.revision ? seen : ask;
      });
    const shown = new Set(open.map((ask) => askKey(agent, ask.id)));
    return [
      ...open,
      ...Object.entries(settled.value)
        .filter(([key]) => !shown.has(key))
        .map(([, ask]) => ask),
    ];
  });

  const given = computed(() => {
    const agent = current.value?.agent;
    const mine = new Map<string, GivenAnswer>();
    if (agent === undefined) return mine;
    for (const [key, answer] of Object.entries(intents.given.value)) {
      const [keyAgent, askId] = JSON.parse(key) as [string, string];
      if (keyAgent === agent) mine.set(askId, answer);
    }
    return mine;
  });

  return {
    chat,
    entries,
    given,
    seenAtOpen,
    unread,
    markSeen(key) {
      const target = current.peek();
      if (target) seen?.markSeen(target.agent, target.paneId, key);
    },
    olderPhase: computed(() => ((chat.value?.earlier ?? 0) > 0 ? widening.value : older.phase.value)),
    // The trimmed line goes above the chat's oldest entry: not above a tail that left entries out.
    trimmed: computed(() => ((chat.value?.trimmed ?? false) && !((chat.value?.earlier ?? 0) > 0)) || older.trimmed.value),
    async loadOlder() {
      const target = current.peek();
      if (target && leftOut()) {
        if (widening.peek() === 'loading') return;
        target.whole = true;
        widening.value = 'loading';
        const answered = await target.resource.refresh();
        if (current.peek() === target) widening.value = answered ? 'idle' : 'failed';
        return;
      }
      if (!target || !chat.peek()?.agent.caps?.history) return;
      const first = entries.peek().find((e) => e.type === 'item');
      await older.load(first?.type === 'item' ? first.item.id : null, (after) => historyPage(target, after));
    },
    asks,
    statusOf(askId) {
      const agent = current.value?.agent;
      return agent === undefined ? { phase: 'idle' } : intents.statusOf(agent, askId);
    },
    canRetry(askId) {
      const agent = current.value?.agent;
      return agent !== undefined && intents.canRetry(agent, askId);
    },
    stale: computed(() => current.value?.resource.stale.value ?? false),
    missing,
    show(agent, paneId) {
      const read = async (etag: string | null, options: ReadOptions): Promise<Fetched<ChatJson>> => {
        try {
          const tail = !target.whole;
          // The chat held at `etag` (the poll sets both together): the bridge may send only what changed since.
          // A tail held when the whole chat is wanted is not named: its ETag is the tail's, not the whole chat's.
          const heldNow = resource.data.peek() ?? undefined;
          const named = tail || heldNow?.earlier === undefined;
          let result = await client.chat(agent, paneId, named ? etag : null, { ...options, held: named ? heldNow : undefined, tail });
          missing.value = null;
          if (!result.changed) return result;
          // A tail read answered after the whole chat was asked for: the whole chat's read stands.
          if (tail && target.whole) return { changed: false };
          const seenKey = seenAtOpen.peek();
          if (tail && !target.divided && seenKey !== null && (result.data.earlier ?? 0) > 0 && indexOfKey(result.data.entries, seenKey) < 0) {
            // The entry seen last is older than the tail: the whole chat, so the divider goes where the reader left off.
            target.whole = true;
            result = await client.chat(agent, paneId, null, { signal: options.signal });
            if (!result.changed) return result;
          }
          // An entry that did not change keeps the object the screen drew, so only what changed redraws:
          // a delta keeps them by itself; a whole view is matched to what was drawn.
          const drawn = resource.data.peek()?.entries ?? NO_ENTRIES;
          const fresh = result.patched ? result.data.entries : reuseUnchanged(drawn, result.data.entries);
          if (current.peek() === target) {
            older.follow(fresh);
            if (!target.divided) {
              target.divided = true;
              const at = firstUnread(fresh, seenAtOpen.peek());
              unread.value = at === null ? null : entryKey(fresh[at]!);
            }
          }
          return { ...result, data: { ...result.data, entries: fresh } };
        } catch (err) {
          // A pane or agent that is gone is an answer, not a lost bridge: say so instead of retrying as stale.
          const gone = err instanceof BridgeHttpError ? MISSING_BY_CODE[err.code] : undefined;
          if (gone) {
            missing.value = gone;
            return { changed: false, gone: true };
          }
          throw err;
        }
      };
      const copy = copies && keptCopy(copies, JSON.stringify(['chat', agent, paneId]), () => import('../offline/parse-views').then((m) => m.parseChatView), { hold: env?.hold });
      const resource = polled(read, env, copy);
      const target: Target = { agent, paneId, resource };
      seenAtOpen.value = seen?.lastSeen(agent, paneId) ?? null;
      unread.value = null;
      widening.value = 'idle';
      current.value = target;
      changed.value = {};
      older.reset();
      forgetSettled(); // the cards of the chat shown before, and their timers
      missing.value = null;
      const stop = resource.start();
      return () => {
        stop();
        if (current.peek() !== target) return; // another chat shows already
        current.value = null;
        older.reset();
        forgetSettled();
      };
    },
    async answer(ask, answer, options = { secondTap: false }) {
      const target = current.peek();
      if (!target) return;
      await afterReply(target, ask, await intents.answer(target.agent, target.paneId, ask, answer, options.secondTap));
    },
    async retry(askId) {
      const target = current.peek();
      if (!target) return;
      const ask = asks.peek().find((a) => a.id === askId);
      if (ask) await afterReply(target, ask, await intents.retry(target.agent, askId));
    },
  };
}

/** The agent's list names each pane's conversation: the history is read by that id. */
async function conversationOf(client: BridgeClient, agent: string, paneId: string): Promise<string> {
  const read = await client.agent(agent, null);
  const id = read.changed ? read.data.conversations.find((row) => row.paneId === paneId)?.conversationId : undefined;
  if (!id) throw new Error(`the agent names no conversation for pane ${paneId}`);
  return id;
}
