import type { InboxAsk } from '../../wire/bridge-json';
import { askKey } from '../../wire/ask-key';
import { PUSH_LIMITS } from '../../wire/limits';
import { pushAnswerOf } from '../../wire/push-answer';
import type { PushPayload } from '../../wire/push-payload';
import { panesOf } from '../../wire/parse-snapshot';
import { toPhoneAsk } from '../poll/ask-hash';
import { inboxOf } from '../poll/inbox';
import type { AgentStore } from '../poll/agent-store';
import type { PushLimiter } from './push-limiter';
import { askPush, forWatching, summaryPush } from './push-payloads';
import { askTag, forgetOldClosed, writePushState, type PushState } from './push-state';
import type { PushSender } from './push-sender';
import type { SubscriptionStore } from './subscriptions';

/** How each new ask was decided, since the bridge started (`collie doctor`, the burst measurement). */
export interface DecisionCounts {
  pushed: number;
  summaries: number;
  suppressed: { conversation: number; 'host-minute': number; silence: number; 'no-phone': number; 'memory-lost': number };
}

/**
 * Decides, once per ask, whether it is pushed. It looks at an agent's open asks whenever its
 * store changes, and only while the agent answers (an unreachable agent's asks are its last known
 * state: they are neither new nor closed). An ask the memory holds is never pushed again (an ask
 * id is stable across agent and bridge restarts); a new one meets the limits. The decisions are
 * written to `state.json` before any push goes, so a crash costs a push, never a second one.
 * `settled()` covers the decisions; the sender's own `settled()` covers the pushes.
 */
export class PushWatcher {
  readonly counts: DecisionCounts = { pushed: 0, summaries: 0, suppressed: { conversation: 0, 'host-minute': 0, silence: 0, 'no-phone': 0, 'memory-lost': 0 } };
  private readonly dirty = new Set<AgentStore>();
  private running: Promise<void> = Promise.resolve();
  private scheduled = false;
  /** Agents looked at once since a lost memory (see `readPushState`). */
  private readonly seeded = new Set<string>();

  constructor(
    private readonly stateDir: string,
    private readonly state: PushState,
    private readonly seedOnly: boolean,
    private readonly limiter: PushLimiter,
    private readonly sender: PushSender,
    private readonly subscriptions: SubscriptionStore,
    private readonly log: (line: string) => void,
    /** Whether a device may act (a watch device may not): only its pushes carry what answering from a notification needs. */
    private readonly mayAct: (deviceId: string) => boolean = () => false,
  ) {}

  watch(stores: readonly AgentStore[]): () => void {
    const stops = stores.map((store) => store.onChange(() => this.mark(store)));
    for (const store of stores) this.mark(store);
    return () => stops.forEach((stop) => stop());
  }

  /** Resolves once every change heard so far was looked at and its pushes were queued. */
  async settled(): Promise<void> {
    for (;;) {
      const running = this.running;
      await running;
      if (running === this.running) return;
    }
  }

  private mark(store: AgentStore): void {
    this.dirty.add(store);
    if (this.scheduled) return;
    this.scheduled = true;
    // One look per burst of changes (a poll changes a store several times), one after another.
    this.running = this.running.then(async () => {
      this.scheduled = false;
      const stores = [...this.dirty];
      this.dirty.clear();
      for (const s of stores) await this.look(s).catch((err: unknown) => this.log(`[bridge] push: ${s.name}: ${err instanceof Error ? err.message : String(err)}`));
    });
  }

  private async look(store: AgentStore): Promise<void> {
    if (store.status !== 'ok' || !store.snapshot) return;
    const { decided } = this.state;
    const asks = inboxOf([store]);
    const open = new Set(asks.map((ask) => askTag(ask.agent, ask.askId)));
    let changed = false;
    for (const [tag, d] of decided) {
      if (d.agent !== store.name || !d.open || open.has(tag)) continue;
      d.open = false;
      changed = true;
      if (d.pushed) this.state.closed = [...this.state.closed.filter((t) => t !== tag), tag].slice(-PUSH_LIMITS.closedInPayload);
    }
    const fresh: InboxAsk[] = [];
    for (const ask of asks) {
      const d = decided.get(askTag(ask.agent, ask.askId));
      if (!d) fresh.push(ask);
      else if (!d.open) ((d.open = true), (changed = true)); // open again (an agent restart): decided already
    }
    if (fresh.length === 0 && !changed) return;
    const payloads = this.decide(store, fresh);
    forgetOldClosed(this.state);
    this.limiter.prune();
    await writePushState(this.stateDir, this.state);
    // Queued, not awaited: each subscription's pushes go in a lane of their own, so a push
    // service that stalls never holds the next decision (or another phone's push) back.
    const to = this.subscriptions.all();
    const acting = to.filter((sub) => this.mayAct(sub.deviceId));
    const watching = to.filter((sub) => !this.mayAct(sub.deviceId));
    for (const payload of payloads) {
      if (acting.length > 0) void this.sender.send(payload, acting);
      if (watching.length > 0) void this.sender.send(forWatching(payload), watching);
    }
  }

  private decide(store: AgentStore, fresh: readonly InboxAsk[]): PushPayload[] {
    const agent = store.name;
    const seeding = this.seedOnly && !this.seeded.has(agent);
    this.seeded.add(agent);
    const anyPhone = this.subscriptions.all().length > 0;
    const payloads: PushPayload[] = [];
    let summary = false;
    for (const ask of fresh) {
      const tag = askTag(ask.agent, ask.askId);
      const record = (pushed: boolean) => this.state.decided.set(tag, { agent, pushed, open: true });
      // No phone to tell: decided all the same, so turning notifications on never pushes old questions.
      if (seeding || !anyPhone) {
        this.counts.suppressed[seeding ? 'memory-lost' : 'no-phone'] += 1;
        record(false);
        continue;
      }
      const decision = this.limiter.decide(agent, askKey(agent, ask.paneId));
      record(decision.push === true);
      if (decision.push === true) {
        this.counts.pushed += 1;
        payloads.push(askPush(ask, this.state.closed, answerOf(store, ask)));
      } else if (decision.push === 'summary') summary = true;
      else this.counts.suppressed[decision.why] += 1;
    }
    if (summary) {
      this.counts.summaries += 1;
      let waiting = 0;
      for (const d of this.state.decided.values()) if (d.agent === agent && d.open && !d.pushed) waiting += 1;
      payloads.push(summaryPush(agent, waiting, this.state.closed));
      this.log(`[bridge] push: ${agent} reached ${PUSH_LIMITS.perHostPerHour} pushes in an hour; one summary, then silence for an hour`);
    }
    return payloads;
  }
}

/** What the ask's notification needs to answer it (push-answer.ts), read from the agent's state the push is decided on. */
function answerOf(store: AgentStore, row: InboxAsk): ReturnType<typeof pushAnswerOf> {
  const pane = store.snapshot && panesOf(store.snapshot).find(({ pane: p }) => p.id === row.paneId)?.pane;
  const ask = pane?.asks.find((a) => a.id === row.askId);
  return ask ? pushAnswerOf(toPhoneAsk(ask)) : null;
}
