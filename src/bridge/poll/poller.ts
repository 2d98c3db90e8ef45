/**
 * The poll room: reading agents and keeping what they said. The scheduler decides when
 * (`poll-scheduler.ts`, `cadence.ts`), the poller reads hello → snapshot → events, the agent
 * store and its pane logs hold the cleaned result within the memory budget, and the disk cache
 * keeps it across restarts.
 */
import { rememberBounded } from '../../wire/bounded-map';
import { agentPath } from '../../wire/agent-paths';
import { BRIDGE_MEMORY, LIMITS, type ReplyKind } from '../../wire/limits';
import { WIRE_VERSIONS } from '../../wire/wire-protocol';
import { parseEventsReply } from '../../wire/parse-events';
import { parseHello, pickVersion } from '../../wire/parse-hello';
import { panesOf, parseSnapshot } from '../../wire/parse-snapshot';
import type { ReasonCode } from '../../wire/bridge-json';
import { isRecord } from '../../wire/read';
import { AddressRefused, type AgentLink } from '../link/agent-link';
import type { AgentStore } from './agent-store';
import { TransportError, type WireResponse } from '../link/transport';
import { versionMismatchSentence } from '../link/version-sentence';

/** A reply the rules call a failed read (bad status, malformed body). */
class ReadFailure extends Error {
  override readonly name = 'ReadFailure';
}

/** The token transport's 401 or 403: shown as `token-refused`, so the user knows what to fix. */
class TokenRefused extends Error {
  override readonly name = 'TokenRefused';

  constructor() {
    super('token-refused');
  }
}

/** Reads of events per pane per poll, so one flooding pane cannot hold the poll forever. */
const MAX_EVENT_READS = 20;
/** The version-mismatch line is logged at most this often per agent, whatever range each hello names. */
export const MISMATCH_LOG_MS = 60_000;

/**
 * Reads one agent as the wire says: hello → snapshot (If-None-Match) → events for each pane
 * whose cursor moved. One failed read after a good one keeps the last state; two show the agent
 * as unreachable.
 */
export class Poller {
  private failures = 0;
  private etag: string | undefined;
  private needHello = true;
  /** Epochs already sent the telling hello (the newest few: an agent may restart without end). */
  private readonly toldEpochs = new Map<string, true>();
  /** When the mismatch line was last logged, so a hello naming a new range each poll logs once a minute. */
  private mismatchLoggedAt = -Infinity;
  private running: Promise<void> | undefined;

  constructor(
    private readonly store: AgentStore,
    private readonly link: AgentLink,
    private readonly log: (line: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** One poll; concurrent callers share the running one and then get a fresh one. */
  async poll(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.pollOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pollOnce(): Promise<void> {
    try {
      if (this.needHello && !(await this.readHello())) return;
      await this.readSnapshot();
      this.failures = 0;
    } catch (err) {
      this.onFailure(err);
    }
  }

  /** Returns true when the agent is ready to be read. */
  private async readHello(): Promise<boolean> {
    const res = await this.read('hello', agentPath('hello'), { withVersion: null });
    if (res.status !== 200) throw new ReadFailure(`hello answered ${res.status}`);
    const parsed = parseHello(res.json);
    if (!parsed.ok) {
      if (parsed.error === 'wrong-service') {
        this.failures = 0;
        this.store.setStatus('unreachable', 'not a durable agent: the listener does not say collie-durable', { reasonCode: 'not-durable' });
        return false;
      }
      throw new ReadFailure('hello is malformed');
    }
    const { hello } = parsed;
    this.store.setHello(hello);
    const version = pickVersion(WIRE_VERSIONS, hello.protocol);
    if (version === null) {
      this.failures = 0;
      await this.versionMismatch(hello.epoch, hello.protocol);
      return false;
    }
    this.link.version = version;
    if (!hello.ready) {
      this.failures = 0;
      this.store.setStatus('starting');
      return false;
    }
    this.needHello = false;
    return true;
  }

  private async versionMismatch(epoch: string, agentRange: { min: number; max: number }): Promise<void> {
    const sentence = versionMismatchSentence(agentRange, WIRE_VERSIONS);
    if (this.now() - this.mismatchLoggedAt >= MISMATCH_LOG_MS) {
      this.mismatchLoggedAt = this.now();
      this.log(`[durable] ${sentence}`);
    }
    if (!this.toldEpochs.has(epoch)) {
      rememberBounded(this.toldEpochs, epoch, true, BRIDGE_MEMORY.toldEpochs);
      // The telling hello, once per epoch, so the agent can log the mismatch on its side.
      await this.link.call('hello', 'read', 'GET', agentPath('hello'), { withVersion: WIRE_VERSIONS.max }).catch(() => undefined);
    }
    this.store.setStatus('version-mismatch', sentence, { reasonCode: 'version-mismatch', versions: { agent: agentRange, collie: WIRE_VERSIONS } });
  }

  private async readSnapshot(): Promise<void> {
    const headers: Record<string, string> = this.etag ? { 'if-none-match': this.etag } : {};
    const res = await this.read('snapshot', agentPath('snapshot'), { headers });
    if (res.status === 304) {
      this.store.setStatus('ok');
      return;
    }
    if (res.status === 503) {
      this.needHello = true;
      this.store.setStatus('starting');
      return;
    }
    if (res.status !== 200) throw new ReadFailure(`snapshot answered ${res.status}`);
    const snapshot = parseSnapshot(res.json);
    if (!snapshot) throw new ReadFailure('the snapshot is malformed');
    // A new epoch: the agent restarted. Keep the panes we hold; read each with its old cursor.
    if (snapshot.epoch !== this.store.hello?.epoch) this.needHello = true;
    const etag = res.headers.etag;
    this.etag = typeof etag === 'string' ? etag : undefined;
    for (const { pane } of panesOf(snapshot)) {
      const log = this.store.paneLog(pane.id);
      if (log.cursor !== pane.cursor || log.epoch !== snapshot.epoch) await this.readEvents(pane.id, pane.cursor);
    }
    this.store.setSnapshot(snapshot);
    this.store.setStatus('ok');
  }

  private async readEvents(paneId: string, target: number): Promise<void> {
    const log = this.store.paneLog(paneId);
    for (let read = 0; read < MAX_EVENT_READS; read += 1) {
      const query = `after=${log.cursor}&epoch=${encodeURIComponent(log.epoch)}`;
      const res = await this.read('events', `${agentPath('events', { pane: paneId })}?${query}`);
      if (res.status === 404) return; // the pane went away between snapshot and events
      if (res.status !== 200) throw new ReadFailure(`events answered ${res.status}`);
      let droppedLink = false;
      const reply = parseEventsReply(res.json, (reason) => {
        droppedLink ||= reason === 'bad-link';
      });
      if (!reply) throw new ReadFailure('the events reply is malformed');
      if (droppedLink) this.logDroppedLink(paneId);
      const before = log.cursor;
      log.apply(reply);
      this.store.keepWithinBudget();
      if (reply.view || log.cursor >= target || log.cursor === before) return;
    }
  }

  /** Every read goes through here, so a refused token is caught on whichever read meets it. */
  private async read(reply: ReplyKind, path: string, options: { headers?: Record<string, string>; withVersion?: number | null } = {}): Promise<WireResponse> {
    this.store.counters.reads += 1;
    const res = await this.link.call(reply, 'read', 'GET', path, options);
    if (this.link.usesToken && (res.status === 401 || res.status === 403)) throw new TokenRefused();
    return res;
  }

  private readonly linkLogged = new Map<string, true>();
  private logDroppedLink(paneId: string): void {
    if (this.linkLogged.has(paneId)) return;
    rememberBounded(this.linkLogged, paneId, true, LIMITS.panes);
    this.log(`[durable] ${this.store.name}: dropped a link that is not a safe https:// address in pane ${paneId}`);
  }

  private onFailure(err: unknown): void {
    this.needHello = true;
    this.etag = undefined;
    const reason = describe(err);
    if (err instanceof TokenRefused) {
      this.failures = 2;
      this.store.setStatus('token-refused', 'token-refused', { reasonCode: 'token-refused' });
      return;
    }
    const why = { reasonCode: reasonCodeOf(err) };
    if (err instanceof AddressRefused) {
      this.failures = 2;
      this.store.setStatus('unreachable', reason, why);
      return;
    }
    this.failures += 1;
    if (this.failures >= 2 || this.store.status !== 'ok') this.store.setStatus('unreachable', reason, why);
  }
}

function reasonCodeOf(err: unknown): ReasonCode {
  if (err instanceof TransportError) return err.failure;
  if (err instanceof AddressRefused) return 'address-refused';
  if (err instanceof ReadFailure) return 'bad-reply';
  return 'unknown';
}

function describe(err: unknown): string {
  if (err instanceof AddressRefused || err instanceof TransportError || err instanceof ReadFailure) return err.message;
  if (isRecord(err) && typeof err.message === 'string') return err.message;
  return String(err);
}
