import { answerShape, checkAnswer } from '../wire/answer';
import { cleanField } from '../wire/clean';
import { isValidId } from '../wire/ids';
import { LIMITS } from '../wire/limits';
import { count, oneOf, type Rec } from '../wire/read';
import { sendTextProblem, titleProblem } from '../wire/text-rules';
import { WRITE_TARGETS, type WriteTarget } from '../wire/types';
import type { AgentState } from './agent-state';
import { paneHandle, type PaneHandle } from './handles';
import type { PaneModel } from './pane-model';
import { startSendTurn, type SendHandler } from './turns';
import { wireError, type WireReply } from './wire-reply';

export type Target = WriteTarget;

/** What the agent's own code does when the phone acts. Each is optional. */
export interface Handlers {
  send?: SendHandler;
  action?: (context: { pane: PaneHandle; actionId: string; turnId: string | null }) => Promise<void> | void;
  abort?: (context: { pane: PaneHandle; turnId: string }) => void;
  rename?: (context: { target: Target; id: string; title: string }) => void;
  close?: (context: { target: Target; id: string }) => void;
  reopen?: (context: { conversationId: string; pane: PaneHandle }) => void;
}

export type StarterRun = () => Promise<PaneHandle> | PaneHandle;

export interface WriteContext {
  state: AgentState;
  handlers: Handlers;
  starters: Map<string, StarterRun>;
  log: (line: string) => void;
}

const ok = (body: Rec = {}): WireReply => ({ status: 200, body });
const badRequest = (message: string) => wireError(400, 'bad-request', { message });

/** `turnId`: the turn the phone saw, or null. Undefined when the field is malformed. */
function readTurnId(body: Rec): string | null | undefined {
  if (body.turnId === undefined || body.turnId === null) return null;
  return isValidId(body.turnId) ? body.turnId : undefined;
}

function turnMoved(pane: PaneModel, turnId: string | null): WireReply | null {
  const current = pane.turn?.id ?? null;
  return turnId === current ? null : wireError(409, 'turn-moved', { turn: pane.turn });
}

/**
 * The order of the checks (WIRE.md §7): the body's shape, then whether the ask is open
 * (decided, too-late), then its revision (stale), and only then whether the answer fits.
 */
export function answer(ctx: WriteContext, pane: PaneModel, body: Rec): WireReply {
  const revision = count(body.revision);
  if (!isValidId(body.askId) || revision === undefined || revision < 1 || !answerShape(body.answer)) {
    return badRequest('askId, revision (a whole number from 1) and answer (optionIds, text or values) are required');
  }
  const open = pane.openAsks.get(body.askId);
  if (!open) {
    const decided = pane.decided.get(body.askId);
    if (decided) return wireError(409, 'decided', { decidedBy: decided.decidedBy, outcome: decided.outcome });
    return ok({ outcome: 'too-late' });
  }
  if (revision !== open.ask.revision) return wireError(409, 'stale', { ask: open.ask });
  const checked = checkAnswer(open.ask, body.answer);
  if (!checked) return wireError(400, 'bad-answer');
  pane.closeAsk(body.askId, 'phone', checked);
  return ok({ outcome: 'taken' });
}

export function send(ctx: WriteContext, pane: PaneModel, body: Rec, requestId: string): WireReply {
  const { caps } = ctx.state;
  if (body.steer !== undefined && typeof body.steer !== 'boolean') return badRequest('steer must be true or false');
  const steer = body.steer ?? false;
  // The route is there for either cap; the kind of send it names must be declared too.
  if (steer ? !caps.steer : !caps.send) return wireError(404, 'not-found');
  const text = body.text;
  const turnId = readTurnId(body);
  // The phone's and the bridge's one rule for sent text: something besides white space, within the limit.
  if (typeof text !== 'string' || sendTextProblem(text) !== null) {
    return badRequest(`text must be 1–${LIMITS.sendTextBytes} bytes, not only white space`);
  }
  if (turnId === undefined) return badRequest('turnId must be an id or null');
  if (steer) {
    if (pane.turn?.state !== 'running') return wireError(409, 'no-turn');
    const moved = turnMoved(pane, turnId);
    if (moved) return moved;
    pane.steer(text, requestId);
    return ok({ status: 'steered', turnId: pane.turn.id });
  }
  const oldest = pane.oldestAsk;
  if (oldest) return wireError(409, 'ask-open', { askId: oldest.ask.id });
  const moved = turnMoved(pane, turnId);
  if (moved) return moved;
  if (pane.turn?.state === 'running') {
    pane.enqueue(text, requestId);
    return ok({ status: 'queued', turnId: pane.turn.id });
  }
  const started = startSendTurn(ctx.state, pane, { text, requestId }, ctx.handlers.send, ctx.log);
  return ok({ status: 'accepted', turnId: started });
}

export function abort(ctx: WriteContext, pane: PaneModel, body: Rec): WireReply {
  const turnId = readTurnId(body);
  if (turnId === undefined) return badRequest('turnId must be an id or null');
  const moved = turnMoved(pane, turnId);
  if (moved) return moved;
  if (pane.turn?.state !== 'running') return ok({ status: 'idle' });
  const stopped = pane.turn.id;
  pane.closeAllAsks();
  pane.running?.controller.abort();
  pane.endTurn('stopped');
  ctx.handlers.abort?.({ pane: paneHandle(ctx.state, pane), turnId: stopped });
  return ok({ status: 'stopped' });
}

export async function action(ctx: WriteContext, pane: PaneModel, body: Rec): Promise<WireReply> {
  const turnId = readTurnId(body);
  if (!isValidId(body.actionId) || turnId === undefined) return badRequest('actionId and turnId are required');
  const actionId = body.actionId;
  if (!pane.belt.some((b) => b.id === actionId)) return wireError(404, 'no-such-action');
  const moved = turnMoved(pane, turnId);
  if (moved) return moved;
  await ctx.handlers.action?.({ pane: paneHandle(ctx.state, pane), actionId, turnId });
  return ok();
}

function readTarget(body: Rec): { target: Target; id: string } | undefined {
  const target = oneOf(body.target, WRITE_TARGETS);
  return target && isValidId(body.id) ? { target, id: body.id } : undefined;
}

function unknownTarget(target: Target): WireReply {
  return wireError(404, `no-such-${target}`);
}

export function rename(ctx: WriteContext, body: Rec): WireReply {
  const where = readTarget(body);
  if (!where || typeof body.title !== 'string') return badRequest('target, id and title are required');
  // The phone's rule for a new title (trimmed, 1–256 bytes), then the one cleaner.
  if (titleProblem(body.title)) return badRequest(`the title must be 1–${LIMITS.titleBytes} bytes, not only white space`);
  const title = cleanField.title(body.title.trim()).text;
  if (title === '') return badRequest('the title is empty');
  const { state } = ctx;
  if (where.target === 'pane') {
    const pane = state.panes.get(where.id);
    if (!pane) return unknownTarget('pane');
    pane.setTitle(title);
  } else {
    const found = where.target === 'workspace' ? state.workspaces.get(where.id) : findTab(state, where.id);
    if (!found) return unknownTarget(where.target);
    found.title = title;
    state.bump();
  }
  ctx.handlers.rename?.({ ...where, title });
  return ok();
}

export function close(ctx: WriteContext, body: Rec): WireReply {
  const where = readTarget(body);
  if (!where) return badRequest('target and id are required');
  const { state } = ctx;
  let closed = false;
  if (where.target === 'pane') closed = state.closePane(where.id);
  else if (where.target === 'workspace') closed = state.closeWorkspace(where.id);
  else {
    const ws = [...state.workspaces.values()].find((w) => w.tabs.has(where.id));
    closed = ws ? state.closeTab(ws, where.id) : false;
  }
  if (!closed) return unknownTarget(where.target);
  ctx.handlers.close?.(where);
  return ok();
}

export async function starter(ctx: WriteContext, starterId: string): Promise<WireReply> {
  const run = ctx.starters.get(starterId);
  if (!run) return wireError(404, 'no-such-starter');
  const pane = await run();
  return ok({ paneId: pane.id, conversationId: pane.conversationId });
}

export function reopen(ctx: WriteContext, body: Rec): WireReply {
  if (!isValidId(body.conversationId)) return badRequest('conversationId is required');
  const conversation = ctx.state.conversations.get(body.conversationId);
  if (!conversation) return wireError(404, 'no-such-conversation');
  const pane = ctx.state.reopen(conversation);
  ctx.handlers.reopen?.({ conversationId: conversation.id, pane: paneHandle(ctx.state, pane) });
  return ok({ paneId: pane.id });
}

function findTab(state: AgentState, tabId: string) {
  for (const ws of state.workspaces.values()) {
    const tab = ws.tabs.get(tabId);
    if (tab) return tab;
  }
  return undefined;
}
