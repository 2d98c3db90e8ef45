/**
 * The acts room: a phone's write to an agent, at most once. The runner (here) writes the receipt
 * first (`receipts/ledger.ts`), holds the conversation's lock, checks, sends one POST and audits it; each
 * act's spec is a row of `act-specs.ts`, an answer's is `answer-ask.ts`.
 */
import { triesLeft } from '../../wire/tries';
import type { ActOutcome, ActReply } from '../../wire/write-json';
import { isValidId } from '../../wire/ids';
import { isRecord } from '../../wire/read';
import type { AgentHandle } from '../agent-handle';
import { auditResult, type AuditDetails, type AuditDevice, type AuditEvent, type AuditLog } from './audit-log';
import type { ConversationLocks } from './conversation-lock';
import { HttpError } from '../http/http-error';
import type { Act, Receipt, ReceiptStatus } from '../receipts/ledger';
import { payloadHashOf, refuseReuse } from './request-reuse';
import { DEADLINES, type RouteClass } from '../link/agent-link';
import { neverSent, TransportError } from '../link/transport';

/** How long Stop waits for a conversation's lock before it goes to the agent anyway. */
export const STOP_LOCK_WAIT_MS = 1500;

/** What every write shares: the bridge's locks and audit log, and who is asking. */
export interface WriteContext {
  locks: ConversationLocks;
  audit: AuditLog;
  /** The paired device the request came from, for the audit log. */
  device: AuditDevice;
}

export interface AgentReply {
  status: number;
  json: Record<string, unknown>;
}

/** The replies every act can end in, whatever its own outcomes are. */
export interface CommonReplies<R> {
  /** The conversation's lock is held by another write. */
  busy: R;
  /** The agent could not be reached at all: nothing left the bridge, and Try again may send it. */
  notSent: R;
  /** The agent did not confirm (timeout, lost connection, 5xx). */
  unknown: R;
  /** A retry found the target closed or the turn moved: the first try may have landed. */
  maybeApplied: R;
}

/** What a check decides: a reply that sends nothing, or the ids and choices it found for the receipt. */
export type CheckDecision<R> = { refuse: R } | { proceed: { target?: Receipt['target']; details?: Receipt['details'] } };

/** A check that only refuses or lets the act through. */
export const refuseOr = <R>(reply: R | null): CheckDecision<R> => (reply === null ? { proceed: {} } : { refuse: reply });

/** One kind of act: how to check it, what to send, and how to read the agent's reply. */
/** What the ledger calls an act, and the audit line's event for it. */
export interface ActNames {
  act: Act;
  event: AuditEvent;
}

export interface ActSpec<R extends { outcome: string }> {
  act: Act;
  requestId: string;
  /** The request as the phone sent it (typed text included): hashed, never stored. */
  payload: unknown;
  /** Ids the act names; read when the receipt is written, so a check may fill in more. */
  target: Receipt['target'];
  /** What the receipt keeps: ids and choices, never typed text. */
  details: Receipt['details'];
  /** The conversation's lock: refused as busy when held, or waited for up to `wait` ms (Stop). */
  lock?: { key: string; wait?: number };
  /** Checks against the agent's state just read (first try only): refuse (nothing is sent), or go on with what the check found. */
  check?: () => CheckDecision<R>;
  /** The one request to the agent; `receipt` holds what the first try named. */
  post: (receipt: Receipt) => { path: string; body: Record<string, unknown>; routeClass: RouteClass };
  read: (reply: AgentReply) => R;
  /** On a retry, a reply that cannot tell whether the first try landed. */
  unsure: (reply: R) => boolean;
  replies: CommonReplies<R>;
  /** Outcomes after which a repeat of the request id is answered from the receipt alone. */
  final: ReadonlySet<ReceiptStatus>;
  /** The reply a repeat gets from the receipt. */
  fromReceipt: (receipt: Receipt) => R;
  /** What the receipt keeps of the reply (ids and reasons, never text). */
  keep: (reply: R) => Receipt['details'];
  /** The audit line's details; `receipt` holds what the check found (on a retry, the first try's). */
  audit: { event: AuditEvent; details: (reply: R, receipt: Receipt) => AuditDetails };
}

/**
 * Runs one phone write to an agent at most once (docs/bridge.md §6): the receipt on disk before the
 * agent hears anything, the conversation's lock, a check against the agent's state as it is now,
 * one POST and no retry of the bridge's own. The phone's one `Try again` comes back under the
 * same request id and goes to the agent again without the check: only the agent's own memory can
 * say whether the first try landed; a refusal then cannot tell, and says maybe-applied.
 */
export async function runAct<R extends { outcome: string }>(handle: AgentHandle, ctx: WriteContext, spec: ActSpec<R>): Promise<R> {
  const { store, link, poller, ledger } = handle;
  const payloadHash = payloadHashOf(spec.act, spec.payload);
  const prior = ledger.get(spec.requestId);
  refuseReuse(prior, spec.act, payloadHash);
  if (prior && spec.final.has(prior.status)) return spec.fromReceipt(prior);
  if (prior && !triesLeft(prior.attempts)) return spec.replies.maybeApplied; // never a third time
  // A try that never left (not-sent) does not count: the next one is a first try again.
  const retry = prior !== undefined && prior.attempts > 0;

  const now = new Date().toISOString();
  const receipt: Receipt = prior ?? {
    requestId: spec.requestId,
    act: spec.act,
    channel: 'program',
    target: spec.target,
    details: spec.details,
    payloadHash,
    attempts: 0,
    status: 'new',
    at: now,
    updatedAt: now,
  };
  const settle = async (reply: R): Promise<R> => {
    Object.assign(receipt, { status: reply.outcome as ReceiptStatus, details: { ...receipt.details, ...spec.keep(reply) }, updatedAt: new Date().toISOString() });
    await ledger.write({ ...receipt });
    await ctx.audit.record(store.name, ctx.device, spec.audit.event, { requestId: spec.requestId, ...spec.audit.details(reply, receipt) }); // never rejects: it blocks nothing
    return reply;
  };

  let release: (() => void) | null = null;
  if (spec.lock) {
    release = spec.lock.wait === undefined ? ctx.locks.tryAcquire(spec.lock.key) : await ctx.locks.acquire(spec.lock.key, spec.lock.wait);
    // Only a waiter (Stop) goes on without the lock: a stuck send must never keep a turn from stopping.
    if (!release && spec.lock.wait === undefined) return spec.replies.busy;
  }
  try {
    if (!retry) {
      await freshState(handle); // the agent's state as it is now, or as last read if reading is slow
      const decision = spec.check?.() ?? { proceed: {} };
      if ('refuse' in decision) return await settle(decision.refuse);
      Object.assign(receipt, { target: { ...spec.target, ...decision.proceed.target }, details: { ...spec.details, ...decision.proceed.details } });
    }
    Object.assign(receipt, { attempts: receipt.attempts + 1, status: 'sending', updatedAt: new Date().toISOString() });
    await ledger.write({ ...receipt }); // on disk before anything reaches the agent
    const post = spec.post(receipt);
    let res;
    try {
      res = await link.call('post', post.routeClass, 'POST', post.path, { body: { requestId: spec.requestId, ...post.body } });
    } catch (err) {
      if (neverSent(err)) {
        receipt.attempts -= 1;
        return await settle(spec.replies.notSent);
      }
      if (err instanceof TransportError) return await settle(spec.replies.unknown);
      throw err;
    }
    void poller.poll();
    if (res.status >= 500) return await settle(spec.replies.unknown);
    let reply: R;
    try {
      reply = spec.read({ status: res.status, json: isRecord(res.json) ? res.json : {} });
    } catch (err) {
      // The agent refused outright: the receipt and the audit log say so before the phone hears it.
      if (!(err instanceof HttpError)) throw err;
      Object.assign(receipt, { status: 'agent-refused', refusedCode: err.code, updatedAt: new Date().toISOString() });
      await ledger.write({ ...receipt });
      await ctx.audit.record(store.name, ctx.device, spec.audit.event, { requestId: spec.requestId, result: auditResult({ outcome: 'refused', reason: err.code }) });
      throw err;
    }
    return await settle(retry && spec.unsure(reply) ? spec.replies.maybeApplied : reply);
  } finally {
    release?.();
  }
}

/**
 * Reads the agent before a write, but never longer than a write's own deadline: a slow or stuck
 * agent must not hold a send, an answer or Stop behind a long poll. Past it, the check uses the
 * state last read.
 */
async function freshState(handle: AgentHandle): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = DEADLINES[handle.link.usesToken ? 'url' : 'socket'].write;
  await Promise.race([handle.poller.poll(), new Promise<void>((resolve) => (timer = setTimeout(resolve, limit)))]);
  clearTimeout(timer);
}

/** The agent's refusal codes, in the bridge's words for the phone. */
export function refusalOf(status: number, json: Record<string, unknown>): ActReply {
  const code = typeof json.code === 'string' ? json.code : '';
  if (code === 'ask-open') return { outcome: 'refused', reason: 'ask-open', ...(isValidId(json.askId) ? { askId: json.askId } : {}) };
  if (code === 'turn-moved') return { outcome: 'refused', reason: 'turn-moved' };
  if (code === 'no-turn') return { outcome: 'refused', reason: 'no-turn' };
  // The agent's caller check placed the bridge in its own process tree (WIRE.md §17).
  if (status === 403 && code === 'caller-refused') return { outcome: 'refused', reason: 'caller-refused' };
  if (status === 404) return { outcome: 'refused', reason: 'not-found' };
  if (status === 400) return { outcome: 'refused', reason: 'bad-request' };
  return { outcome: 'refused', reason: 'agent-refused' };
}

/** The common parts of every act other than an answer (whose outcomes are its own). */
export const ACT_REPLIES: CommonReplies<ActReply> = {
  busy: { outcome: 'refused', reason: 'busy' },
  notSent: { outcome: 'not-sent' },
  unknown: { outcome: 'unknown' },
  maybeApplied: { outcome: 'maybe-applied' },
};
export const ACT_FINAL: ReadonlySet<ReceiptStatus> = new Set<ActOutcome>(['done', 'sent', 'queued', 'steered', 'stopped', 'idle', 'refused', 'maybe-applied']);

export function actFromReceipt(receipt: Receipt): ActReply {
  const kept = receipt.details;
  const reply: ActReply = { outcome: receipt.status as ActOutcome };
  if (typeof kept.reason === 'string') reply.reason = kept.reason as ActReply['reason'];
  if (typeof kept.askId === 'string') reply.askId = kept.askId;
  if (typeof kept.resultPaneId === 'string') reply.paneId = kept.resultPaneId;
  if (typeof kept.resultConversationId === 'string') reply.conversationId = kept.resultConversationId;
  return reply;
}

export function actKeep(reply: ActReply): Receipt['details'] {
  const kept: Receipt['details'] = {};
  if (reply.reason) kept.reason = reply.reason;
  if (reply.askId) kept.askId = reply.askId;
  if (reply.paneId) kept.resultPaneId = reply.paneId;
  if (reply.conversationId) kept.resultConversationId = reply.conversationId;
  return kept;
}
