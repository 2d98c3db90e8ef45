import type { ActReply, ActRequest } from '../../wire/bridge-json';
import { isValidId } from '../../wire/ids';
import { panesOf } from '../../wire/parse-snapshot';
import type { Pane } from '../../wire/types';
import type { AgentHandle } from '../agent-handle';
import { preview } from './audit-log';
import { ACT_FINAL, ACT_REPLIES, actFromReceipt, actKeep, refusalOf, STOP_LOCK_WAIT_MS, type ActSpec, type AgentReply } from './act-runner';
import { conversationKey } from './conversation-lock';
import { HttpError } from '../phone/http-error';

const enc = encodeURIComponent;
const lockKey = (handle: AgentHandle, paneId: string) => conversationKey(handle.store.name, paneId);

function paneNow(handle: AgentHandle, paneId: string): Pane | undefined {
  return handle.store.snapshot && panesOf(handle.store.snapshot).find(({ pane }) => pane.id === paneId)?.pane;
}

function requireCap(handle: AgentHandle, cap: keyof NonNullable<AgentHandle['store']['hello']>['caps']): void {
  if (!handle.store.hello?.caps[cap]) throw new HttpError(404, 'not-found', `this durable agent does not take ${cap}`);
}

/** A turn the phone saw that is no longer the pane's current one. */
function turnMoved(pane: Pane | undefined, turnId: string | null): ActReply | null {
  if (!pane) return { outcome: 'refused', reason: 'not-found' };
  return (pane.turn?.id ?? null) === turnId ? null : { outcome: 'refused', reason: 'turn-moved', turn: pane.turn };
}

const okOr = (ok: (json: Record<string, unknown>) => ActReply) => ({ status, json }: AgentReply): ActReply => (status === 200 ? ok(json) : refusalOf(status, json));

/** The act's check, request to the agent, reading of its reply, and audit line (bridge.md §6–7). */
export function actSpec(handle: AgentHandle, request: ActRequest): ActSpec<ActReply> {
  const base = {
    requestId: request.requestId,
    payload: request,
    replies: ACT_REPLIES,
    final: ACT_FINAL,
    fromReceipt: actFromReceipt,
    keep: actKeep,
    // A retry the agent refused (turn moved, target gone) cannot tell whether the first try landed.
    unsure: (reply: ActReply) => reply.outcome === 'refused',
  };
  switch (request.act) {
    case 'send':
    case 'steer': {
      const steer = request.act === 'steer';
      requireCap(handle, steer ? 'steer' : 'send');
      const { paneId, turnId } = request;
      return {
        ...base,
        act: 'send',
        target: { paneId, turnId, steer },
        details: { steer },
        lock: { key: lockKey(handle, paneId) },
        check: () => {
          const pane = paneNow(handle, paneId);
          // A plain send waits for every open ask, even one the phone cannot read.
          if (!steer && pane && pane.asks.length > 0) return { outcome: 'refused', reason: 'ask-open', askId: pane.asks[0]!.id };
          if (steer && pane?.turn?.state !== 'running') return { outcome: 'refused', reason: 'no-turn' };
          return turnMoved(pane, turnId);
        },
        post: () => ({ path: `/pane/${enc(paneId)}/send`, body: { text: request.text, turnId, steer }, routeClass: 'write' }),
        read: okOr((json) => ({ outcome: json.status === 'queued' ? 'queued' : json.status === 'steered' ? 'steered' : 'sent' })),
        audit: { event: 'send', details: (reply) => ({ paneId, turnId, steer, result: reply.reason ? `${reply.outcome}: ${reply.reason}` : reply.outcome, preview: preview(request.text) }) },
      };
    }
    case 'stop': {
      requireCap(handle, 'abort');
      const { paneId, turnId } = request;
      return {
        ...base,
        act: 'abort',
        target: { paneId, turnId },
        details: {},
        lock: { key: lockKey(handle, paneId), wait: STOP_LOCK_WAIT_MS },
        check: () => turnMoved(paneNow(handle, paneId), turnId),
        post: () => ({ path: `/pane/${enc(paneId)}/abort`, body: { turnId }, routeClass: 'write' }),
        read: okOr((json) => ({ outcome: json.status === 'idle' ? 'idle' : 'stopped' })),
        audit: { event: 'abort', details: (reply) => ({ paneId, turnId, result: reply.reason ? `${reply.outcome}: ${reply.reason}` : reply.outcome }) },
      };
    }
    case 'action': {
      requireCap(handle, 'actions');
      const { paneId, turnId, actionId } = request;
      return {
        ...base,
        act: 'action',
        target: { paneId, turnId, actionId },
        details: {},
        lock: { key: lockKey(handle, paneId) },
        check: () => {
          const pane = paneNow(handle, paneId);
          if (pane && !pane.belt.some((b) => b.id === actionId)) return { outcome: 'refused', reason: 'not-found' };
          return turnMoved(pane, turnId);
        },
        post: () => ({ path: `/pane/${enc(paneId)}/action`, body: { actionId, turnId }, routeClass: 'write' }),
        read: okOr(() => ({ outcome: 'done' })),
        audit: { event: 'action', details: (reply) => ({ paneId, actionId, turnId, result: reply.reason ? `${reply.outcome}: ${reply.reason}` : reply.outcome }) },
      };
    }
    case 'starter': {
      requireCap(handle, 'starters');
      const { starterId } = request;
      return {
        ...base,
        act: 'starter',
        target: { starterId },
        details: {},
        post: () => ({ path: `/starter/${enc(starterId)}`, body: {}, routeClass: 'starter' }),
        read: okOr((json) => ({
          outcome: 'done',
          ...(isValidId(json.paneId) ? { paneId: json.paneId } : {}),
          ...(isValidId(json.conversationId) ? { conversationId: json.conversationId } : {}),
        })),
        audit: { event: 'starter.start', details: (reply) => ({ starterId, result: reply.reason ? `${reply.outcome}: ${reply.reason}` : reply.outcome }) },
      };
    }
    case 'rename': {
      requireCap(handle, 'rename');
      const { target, id, title } = request;
      return {
        ...base,
        act: 'rename',
        target: { target, id },
        details: {},
        ...(target === 'pane' ? { lock: { key: lockKey(handle, id) } } : {}),
        post: () => ({ path: '/rename', body: { target, id, title }, routeClass: 'write' }),
        read: okOr(() => ({ outcome: 'done' })),
        audit: { event: target === 'workspace' ? 'space.rename' : `${target}.rename`, details: (reply) => ({ id, title, result: reply.outcome }) },
      };
    }
    case 'close': {
      requireCap(handle, 'close');
      const { target, id } = request;
      return {
        ...base,
        act: 'close',
        target: { target, id },
        details: {},
        ...(target === 'pane' ? { lock: { key: lockKey(handle, id) } } : {}),
        post: () => ({ path: '/close', body: { target, id }, routeClass: 'write' }),
        read: okOr(() => ({ outcome: 'done' })),
        audit: { event: target === 'workspace' ? 'space.close' : `${target}.close`, details: (reply) => ({ id, result: reply.outcome }) },
      };
    }
    case 'reopen': {
      requireCap(handle, 'reopen');
      const { conversationId } = request;
      return {
        ...base,
        act: 'reopen',
        target: { conversationId },
        details: {},
        post: () => ({ path: '/reopen', body: { conversationId }, routeClass: 'write' }),
        read: okOr((json) => ({ outcome: 'done', ...(isValidId(json.paneId) ? { paneId: json.paneId } : {}) })),
        audit: { event: 'durable.reopen', details: (reply) => ({ conversationId, result: reply.outcome }) },
      };
    }
  }
}
