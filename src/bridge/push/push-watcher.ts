import type { InboxAsk } from '../../wire/bridge-json';
import { askKey } from '../../wire/ask-key';
import { PUSH_LIMITS } from '../../wire/limits';
import type { PushAnswer } from '../../wire/push-answer';
import type { PushPayload } from '../../wire/push-payload';
import type { PushLimiter } from './push-limiter';
import { askPush, forWatching, summaryPush } from './push-payloads';
import type { AgentAsks, PushSource } from './push-source';
import { askTag, forgetOldClosed, writePushState, type PushState } from './push-state';
import type { PushSender } from './push-sender';
import type { SubscriptionStore } from './subscriptions';

/** How each new ask was decided, since the bridge started (`collie doctor`, the burst measurement). */
export interface DecisionCounts {
  pushed: number;
  summaries: number;
  suppressed: { conversation: number; 'host-minute': number; silence: number; 'no-phone': number; 'memory-lost': number };
}

/** A push decided: a summary as it goes, or an ask whose buttons (if any) may still be on their way. */
type Outgoing = { payload: PushPayload } | { ask: InboxAsk; closed: readonly string[]; answer: PushAnswer | null | Promise<PushAnswer | null> };

/**
 * Decides, once per ask, whether it is pushed. It looks at a source's agents whenever the source
 * changes (an attached agent's store, or the members' dashboards the lead of a crew mirrors:
 * `push-source.ts`), and only at agents that answer (an unreachable agent's asks are its last
 * known state: they are neither new nor closed). An ask the memory holds is never pushed again
 * (an ask id is stable across agent and bridge restarts); a new one meets the limits, which go by
 * the agent's name as the phone knows it. The decisions are written to `state.json` before any
 * push goes, so a crash costs a push, never a second one. `settled()` covers the decisions and
 * the pushes they queued; the sender's own `settled()` covers the posts.
 */
export class PushWatcher {
  readonly counts: DecisionCounts = { pushed: 0, summaries: 0, suppressed: { conversation: 0, 'host-minute': 0, silence: 0, 'no-phone': 0, 'memory-lost': 0 } };
  private readonly dirty = new Set<PushSource>();
  private running: Promise<void> = Promise.resolve();
  /** Pushes whose buttons are read from a crew member first: queued in order, outside the decisions. */
  private delivering: Promise<void> = Promise.resolve();
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

  watch(sources: readonly PushSource[]): () => void {
    const stops = sources.map((source) => source.onChange(() => this.mark(source)));
    for (const source of sources) this.mark(source);
    return () => stops.forEach((stop) => stop());
  }

  /** Resolves once every change heard so far was looked at and its pushes were queued. */
  async settled(): Promise<void> {
    for (;;) {
      const [running, delivering] = [this.running, this.delivering];
      await running;
      await delivering;
      if (running === this.running && delivering === this.delivering) return;
    }
  }

  private mark(source: PushSource): void {
    this.dirty.add(source);
    if (this.scheduled) return;
    this.scheduled = true;
    // One look per burst of changes (a poll changes a store several times), one after another.
    this.running = this.running.then(async () => {
      this.scheduled = false;
      const sources = [...this.dirty];
      this.dirty.clear();
      for (const s of sources) await this.look(s).catch((err: unknown) => this.log(`[bridge] push: ${s.name}: ${err instanceof Error ? err.message : String(err)}`));
    });
  }

  private async look(source: PushSource): Promise<void> {
    const agents = source.agentsNow();
    if (agents.length === 0) return;
    const { decided } = this.state;
    const open = new Map(agents.map((a) => [a.agent, new Set(a.asks.map((ask) => askTag(a.agent, ask.askId)))]));
    let changed = false;
    for (const [tag, d] of decided) {
      const stillOpen = open.get(d.agent);
      if (!stillOpen || !d.open || stillOpen.has(tag)) continue;
      d.open = false;
      changed = true;
      if (d.pushed) this.state.closed = [...this.state.closed.filter((t) => t !== tag), tag].slice(-PUSH_LIMITS.closedInPayload);
    }
    const outgoing: Outgoing[] = [];
    for (const agent of agents) {
      const fresh: InboxAsk[] = [];
      for (const ask of agent.asks) {
        const tag = askTag(agent.agent, ask.askId);
        const d = decided.get(tag);
        if (!d) fresh.push(ask);
        else if (!d.open) {
          // Open again (an agent restart): decided already, and no longer to be withdrawn by the next push.
          d.open = true;
          changed = true;
          this.state.closed = this.state.closed.filter((t) => t !== tag);
        }
      }
      if (fresh.length === 0) continue;
      changed = true;
      outgoing.push(...this.decide(agent, fresh));
    }
    if (!changed) return;
    forgetOldClosed(this.state);
    this.limiter.prune();
    await writePushState(this.stateDir, this.state);
    this.deliver(outgoing);
  }

  /**
   * Queued, not awaited: each subscription's pushes go in a lane of their own, so a push service
   * that stalls never holds the next decision (or another phone's push) back. Buttons a crew
   * member's bridge is asked for are awaited on a queue of their own, for the same reason.
   */
  private deliver(outgoing: readonly Outgoing[]): void {
    if (outgoing.length === 0) return;
    const to = this.subscriptions.all();
    const acting = to.filter((sub) => this.mayAct(sub.deviceId));
    const watching = to.filter((sub) => !this.mayAct(sub.deviceId));
    const send = (answers: readonly (PushAnswer | null)[]) =>
      outgoing.forEach((o, i) => {
        const payload = 'payload' in o ? o.payload : askPush(o.ask, o.closed, answers[i] ?? null);
        if (acting.length > 0) void this.sender.send(payload, acting);
        if (watching.length > 0) void this.sender.send(forWatching(payload), watching);
      });
    const answers = outgoing.map((o) => ('answer' in o ? o.answer : null));
    if (!answers.some((a) => a instanceof Promise)) return send(answers.map((a) => (a instanceof Promise ? null : a)));
    const ready = Promise.all(answers.map((a) => Promise.resolve(a).catch(() => null)));
    this.delivering = this.delivering
      .then(() => ready)
      .then(send)
      .catch((err: unknown) => this.log(`[bridge] push: ${err instanceof Error ? err.message : String(err)}`));
  }

  private decide(agentAsks: AgentAsks, fresh: readonly InboxAsk[]): Outgoing[] {
    const { agent } = agentAsks;
    const seeding = this.seedOnly && !this.seeded.has(agent);
    this.seeded.add(agent);
    const subscriptions = this.subscriptions.all();
    const anyPhone = subscriptions.length > 0;
    // Buttons are only for a device that may act: without one, nothing is read for them.
    const anyActing = subscriptions.some((sub) => this.mayAct(sub.deviceId));
    const outgoing: Outgoing[] = [];
    let summary = false;
    for (const ask of fresh) {
      const tag = askTag(agent, ask.askId);
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
        outgoing.push({ ask, closed: [...this.state.closed], answer: anyActing ? agentAsks.answerOf(ask) : null });
      } else if (decision.push === 'summary') summary = true;
      else this.counts.suppressed[decision.why] += 1;
    }
    if (summary) {
      this.counts.summaries += 1;
      let waiting = 0;
      for (const d of this.state.decided.values()) if (d.agent === agent && d.open && !d.pushed) waiting += 1;
      outgoing.push({ payload: summaryPush(agent, waiting, this.state.closed) });
      this.log(`[bridge] push: ${agent} reached ${PUSH_LIMITS.perHostPerHour} pushes in an hour; one summary, then silence for an hour`);
    }
    return outgoing;
  }
}
