/**
 * Every request and reply body of wire v1 as a JSON Schema (WIRE.md §1, §7–§12). Requests say what
 * an agent must take (the bridge always sends every field); replies say what the bridge reads
 * exactly as sent. Every POST reply may carry `replayed: true` (a repeat of a request id).
 */
import { agentPathLabel, agentRouteTitle as route } from '../agent-paths';
import { LIMITS } from '../limits';
import { SERVICE_NAME } from '../wire-protocol';
import { CALLER_CHECKS, DECIDED_BY, type WireErrorCode } from '../types';
import { count, id, list, newTitle, nullOr, object, oneOfStrings, ref, sendText, text, type Schema } from './strings';

const replayed = { replayed: { const: true } };
const turnId = nullOr(id);
const post = (required: Record<string, Schema>, optional: Record<string, Schema> = {}) => object({ requestId: id, ...required }, optional);
const postReply = (required: Record<string, Schema>) => object(required, replayed);

const hello = object({
  service: { const: SERVICE_NAME },
  protocol: ref('VersionRange'),
  // Both are display text that may be empty (an empty runtime is shown as none).
  host: object({ name: text('hostName') }, { runtime: text('label'), callerCheck: oneOfStrings(CALLER_CHECKS) }),
  epoch: ref('Epoch'),
  ready: { type: 'boolean' },
  caps: ref('Caps'),
});

const snapshot = object({
  epoch: ref('Epoch'),
  rev: count,
  workspaces: list(ref('Workspace'), LIMITS.workspaces),
  starters: list(object({ id, label: text('label', { nonEmpty: true }) }), LIMITS.starters),
});

const events: Schema = {
  ...object({ epoch: ref('Epoch'), cursor: count, view: { type: 'boolean' } }),
  if: { properties: { view: { const: true } } },
  then: object({ items: list(ref('Item'), LIMITS.viewItems), asks: list(ref('Ask'), LIMITS.openAsksPerPane), turn: nullOr(ref('Turn')), trimmed: { type: 'boolean' } }),
  else: object({ events: list(ref('Event'), LIMITS.eventsPerReply) }),
};

/** An error: `code` always; the codes that carry more say what (WIRE.md §2). */
const error: Schema = {
  ...object({ code: text('code', { nonEmpty: true }) }, { message: { type: 'string' }, ...replayed }),
  allOf: (
    [
      ['stale', object({ ask: ref('Ask') })],
      ['decided', object({ decidedBy: oneOfStrings(DECIDED_BY), outcome: nullOr(ref('Outcome')) })],
      ['incompatible', object({ refusal: { type: 'string', minLength: 1 }, agent: ref('VersionRange'), collie: ref('VersionRange') })],
      ['turn-moved', object({ turn: nullOr(ref('Turn')) })],
      ['ask-open', object({ askId: id })],
      // A 401 says nothing but its code (WIRE.md §1): not even a message, so a prober learns nothing.
      ['unauthorized', { type: 'object', maxProperties: 1 }],
    ] satisfies [WireErrorCode, Schema][]
  ).map(([code, then]) => ({ if: { properties: { code: { const: code } }, required: ['code'] }, then })),
};

export interface Body {
  /** The file name in the package's `schemas/` folder, without `.schema.json`. */
  name: string;
  title: string;
  schema: Schema;
}

export const BODIES: Body[] = [
  { name: 'hello-reply', title: `${route('hello')}, 200`, schema: hello },
  { name: 'snapshot-reply', title: `${route('snapshot')}, 200`, schema: snapshot },
  { name: 'events-reply', title: `${route('events')}, 200: a page of events or the current view`, schema: events },
  {
    name: 'conversations-reply',
    title: `${route('conversations')}, 200`,
    schema: object({ conversations: list(ref('Conversation'), LIMITS.historyConversations), next: nullOr(ref('HistoryCursor')) }),
  },
  {
    name: 'items-reply',
    title: `${route('items')}, 200`,
    schema: object({ items: list(ref('Item'), LIMITS.historyItems), next: nullOr(ref('HistoryCursor')), trimmed: { type: 'boolean' } }),
  },
  { name: 'answer-request', title: route('answer'), schema: post({ askId: id, revision: { ...count, minimum: 1 }, answer: ref('Answer') }) },
  { name: 'answer-reply', title: `${route('answer')}, 200`, schema: postReply({ outcome: oneOfStrings(['taken', 'too-late']) }) },
  { name: 'send-request', title: route('send'), schema: post({ text: sendText }, { turnId, steer: { type: 'boolean' } }) },
  { name: 'send-reply', title: `${route('send')}, 200`, schema: postReply({ status: oneOfStrings(['accepted', 'queued', 'steered']), turnId: id }) },
  { name: 'abort-request', title: route('abort'), schema: post({}, { turnId }) },
  { name: 'abort-reply', title: `${route('abort')}, 200`, schema: postReply({ status: oneOfStrings(['stopped', 'idle']) }) },
  { name: 'action-request', title: route('action'), schema: post({ actionId: id }, { turnId }) },
  { name: 'rename-request', title: route('rename'), schema: post({ target: ref('WriteTarget'), id, title: newTitle }) },
  { name: 'close-request', title: route('close'), schema: post({ target: ref('WriteTarget'), id }) },
  { name: 'starter-request', title: route('starter'), schema: post({}) },
  { name: 'starter-reply', title: `${route('starter')}, 200`, schema: postReply({ paneId: id, conversationId: id }) },
  { name: 'reopen-request', title: route('reopen'), schema: post({ conversationId: id }) },
  { name: 'reopen-reply', title: `${route('reopen')}, 200`, schema: postReply({ paneId: id }) },
  { name: 'empty-reply', title: `${route('action')}, ${agentPathLabel('rename')} and ${agentPathLabel('close')}, 200: {}`, schema: postReply({}) },
  { name: 'error-reply', title: 'Every 4xx and 5xx reply', schema: error },
];
