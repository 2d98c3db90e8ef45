import { agentPath } from '../../wire/agent-paths';
import { heldPane, type ActReply, type ActRequest } from '../../wire/write-json';
import { isValidId } from '../../wire/ids';
import { panesOf } from '../../wire/parse-snapshot';
import type { CapName, Pane } from '../../wire/types';
import type { AgentHandle } from '../agent-handle';
import { HttpError } from '../http/http-error';
import { ACT_FINAL, ACT_REPLIES, actFromReceipt, actKeep, refuseOr, refusalOf, STOP_LOCK_WAIT_MS, type ActNames, type ActSpec, type AgentReply } from './act-runner';
import { auditResult, preview, type AuditEvent } from './audit-log';
import { conversationKey } from './conversation-lock';
import type { Act, Receipt } from '../receipts/ledger';

function paneNow(handle: AgentHandle, paneId: string): Pane | undefined {
  return handle.store.snapshot && panesOf(handle.store.snapshot).find(({ pane }) => pane.id === paneId)?.pane;
}

/** A turn the phone saw that is no longer the pane's current one. */
function turnMoved(pane: Pane | undefined, turnId: string | null): ActReply | null {
  if (!pane) return { outcome: 'refused', reason: 'not-found' };
  return (pane.turn?.id ?? null) === turnId ? null : { outcome: 'refused', reason: 'turn-moved', turn: pane.turn };
}

const okOr =
  (ok: (json: Record<string, unknown>) => ActReply) =>
  ({ status, json }: AgentReply): ActReply =>
    status === 200 ? ok(json) : refusalOf(status, json);
const done = okOr(() => ({ outcome: 'done' }));

/** What every act but an answer shares. */
function common(request: ActRequest) {
  return {
    requestId: request.requestId,
    payload: request,
    details: {},
    replies: ACT_REPLIES,
    final: ACT_FINAL,
    fromReceipt: actFromReceipt,
    keep: actKeep,
    // A retry the agent refused (turn moved, target gone) cannot tell whether the first try landed.
    unsure: (reply: ActReply) => reply.outcome === 'refused',
  };
}

type Of<A extends ActRequest['act']> = Extract<ActRequest, { act: A }>;
/** A row's spec: all of the act's spec but its names, which the row holds for every agent alike. */
type RowSpec = Omit<ActSpec<ActReply>, 'act' | 'audit' | 'target' | 'lock'> & { audit: Omit<ActSpec<ActReply>['audit'], 'event'> };
type SpecRow<A extends ActRequest['act']> = {
  cap: CapName;
  /** What the ledger calls the act, and the audit line's event (a member's agent's too: `crew-acts.ts`). */
  names: (request: Of<A>) => ActNames;
  /** The ids the act names, for its receipt (and a member's agent's audit line): never its text. */
  target: (request: Of<A>) => Receipt['target'];
  spec: (handle: AgentHandle, request: Of<A>) => RowSpec;
};
const named = (act: Act, event: AuditEvent) => () => ({ act, event });
/** A rename or close names its target; a workspace is a space in the audit log. */
const targetEvent =
  <V extends 'rename' | 'close'>(verb: V) =>
  ({ target }: { target: 'workspace' | 'tab' | 'pane' }): ActNames => ({ act: verb, event: `${target === 'workspace' ? 'space' : target}.${verb}` });

const sendTarget = ({ act, paneId, turnId }: Of<'send'> | Of<'steer'>) => ({ paneId, turnId, steer: act === 'steer' });

function sendSpec(handle: AgentHandle, request: Of<'send'> | Of<'steer'>): RowSpec {
  const steer = request.act === 'steer';
  const { paneId, turnId } = request;
  return {
    ...common(request),
    details: { steer },
    check: () => {
      const pane = paneNow(handle, paneId);
      // A plain send waits for every open ask, even one the phone cannot read.
      if (!steer && pane && pane.asks.length > 0) return { refuse: { outcome: 'refused', reason: 'ask-open', askId: pane.asks[0]!.id } };
      if (steer && pane?.turn?.state !== 'running') return { refuse: { outcome: 'refused', reason: 'no-turn' } };
      return refuseOr(turnMoved(pane, turnId));
    },
    post: () => ({ path: agentPath('send', { pane: paneId }), body: { text: request.text, turnId, steer }, routeClass: 'write' }),
    read: okOr((json) => ({ outcome: json.status === 'queued' ? 'queued' : json.status === 'steered' ? 'steered' : 'sent' })),
    audit: { details: (reply) => ({ paneId, turnId, steer, result: auditResult(reply), preview: preview(request.text) }) },
  };
}

/**
 * Every act but an answer, keyed by act: the cap it needs, then its check, the one request to the
 * agent, the reading of its reply and its audit line (docs/bridge.md §6–7).
 */
const ACT_SPECS: { [A in ActRequest['act']]: SpecRow<A> } = {
  send: { cap: 'send', names: named('send', 'send'), target: sendTarget, spec: sendSpec },
  steer: { cap: 'steer', names: named('send', 'send'), target: sendTarget, spec: sendSpec },
  stop: {
    cap: 'abort',
    names: named('abort', 'abort'),
    target: ({ paneId, turnId }) => ({ paneId, turnId }),
    spec: (handle, request) => {
      const { paneId, turnId } = request;
      return {
        ...common(request),
        check: () => refuseOr(turnMoved(paneNow(handle, paneId), turnId)),
        post: () => ({ path: agentPath('abort', { pane: paneId }), body: { turnId }, routeClass: 'write' }),
        read: okOr((json) => ({ outcome: json.status === 'idle' ? 'idle' : 'stopped' })),
        audit: { details: (reply) => ({ paneId, turnId, result: auditResult(reply) }) },
      };
    },
  },
  action: {
    cap: 'actions',
    names: named('action', 'action'),
    target: ({ paneId, turnId, actionId }) => ({ paneId, turnId, actionId }),
    spec: (handle, request) => {
      const { paneId, turnId, actionId } = request;
      return {
        ...common(request),
        check: () => {
          const pane = paneNow(handle, paneId);
          if (pane && !pane.belt.some((b) => b.id === actionId)) return { refuse: { outcome: 'refused', reason: 'not-found' } };
          return refuseOr(turnMoved(pane, turnId));
        },
        post: () => ({ path: agentPath('action', { pane: paneId }), body: { actionId, turnId }, routeClass: 'write' }),
        read: done,
        audit: { details: (reply) => ({ paneId, actionId, turnId, result: auditResult(reply) }) },
      };
    },
  },
  starter: {
    cap: 'starters',
    names: named('starter', 'starter.start'),
    target: ({ starterId }) => ({ starterId }),
    spec: (_handle, request) => {
      const { starterId } = request;
      return {
        ...common(request),
        post: () => ({ path: agentPath('starter', { starter: starterId }), body: {}, routeClass: 'starter' }),
        read: okOr((json) => ({
          outcome: 'done',
          ...(isValidId(json.paneId) ? { paneId: json.paneId } : {}),
          ...(isValidId(json.conversationId) ? { conversationId: json.conversationId } : {}),
        })),
        audit: { details: (reply) => ({ starterId, result: auditResult(reply) }) },
      };
    },
  },
  rename: {
    cap: 'rename',
    names: targetEvent('rename'),
    target: ({ target, id }) => ({ target, id }),
    spec: (_handle, request) => {
      const { target, id, title } = request;
      return {
        ...common(request),
        post: () => ({ path: agentPath('rename'), body: { target, id, title }, routeClass: 'write' }),
        read: done,
        audit: { details: (reply) => ({ id, title, result: auditResult(reply) }) },
      };
    },
  },
  close: {
    cap: 'close',
    names: targetEvent('close'),
    target: ({ target, id }) => ({ target, id }),
    spec: (_handle, request) => {
      const { target, id } = request;
      return {
        ...common(request),
        post: () => ({ path: agentPath('close'), body: { target, id }, routeClass: 'write' }),
        read: done,
        audit: { details: (reply) => ({ id, result: auditResult(reply) }) },
      };
    },
  },
  reopen: {
    cap: 'reopen',
    names: named('reopen', 'durable.reopen'),
    target: ({ conversationId }) => ({ conversationId }),
    spec: (_handle, request) => {
      const { conversationId } = request;
      return {
        ...common(request),
        post: () => ({ path: agentPath('reopen'), body: { conversationId }, routeClass: 'write' }),
        read: okOr((json) => ({ outcome: 'done', ...(isValidId(json.paneId) ? { paneId: json.paneId } : {}) })),
        audit: { details: (reply) => ({ conversationId, result: auditResult(reply) }) },
      };
    },
  },
};

/** The spec of one phone act; an agent that did not declare the act's cap refuses it here (404). */
export function actSpec(handle: AgentHandle, request: ActRequest): ActSpec<ActReply> {
  const row = ACT_SPECS[request.act] as SpecRow<ActRequest['act']>;
  if (!handle.store.hello?.caps[row.cap]) throw new HttpError(404, 'not-found', `this durable agent does not take ${row.cap}`);
  const { act, event } = row.names(request);
  const spec = row.spec(handle, request);
  const pane = heldPane(request);
  // Stop waits a while for a stuck send's lock, then goes anyway: a turn must always stop.
  const lock = pane === null ? {} : { lock: { key: conversationKey(handle.store.name, pane), ...(request.act === 'stop' ? { wait: STOP_LOCK_WAIT_MS } : {}) } };
  return { ...spec, act, target: row.target(request), ...lock, audit: { ...spec.audit, event } };
}

/** What the ledger and the audit log call a phone act, from the one table above. */
export function actNames(request: ActRequest): ActNames {
  return (ACT_SPECS[request.act] as SpecRow<ActRequest['act']>).names(request);
}

/** The ids a phone act names, from the one table above. */
export function actTarget(request: ActRequest): Receipt['target'] {
  return (ACT_SPECS[request.act] as SpecRow<ActRequest['act']>).target(request);
}
