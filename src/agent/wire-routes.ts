import { checkAnswer } from '../wire/answer';
import { etagsMatch, snapshotEtag } from '../wire/epoch';
import { isValidId } from '../wire/ids';
import { count, isRecord, type Rec } from '../wire/read';
import type { AgentState } from './agent-state';
import type { Reply } from './request-memory';

export interface WireRequest {
  method: string;
  /** The path after `/session/v1`. */
  path: string;
  query: URLSearchParams;
  ifNoneMatch: string | undefined;
  /** The parsed JSON object body of a POST (an empty body reads as `{}`). */
  body: Rec;
}

export interface WireReply extends Reply {
  headers?: Record<string, string>;
}

const error = (status: number, code: string, extra: Rec = {}): WireReply => ({ status, body: { code, ...extra } });

/**
 * The routes of wire v1, after the transport has checked the token, the version header,
 * readiness and the body size. Pure over the agent's state, so tests can call them in-process.
 */
export function routeWire(state: AgentState, req: WireRequest): WireReply {
  const { method, path } = req;
  if (method === 'GET' && path === '/snapshot') return snapshot(state, req);
  const paneRoute = /^\/pane\/([^/]+)\/(events|answer)$/.exec(path);
  if (paneRoute) {
    const [, rawId = '', action] = paneRoute;
    const paneId = safeDecode(rawId);
    if (action === 'events' && method === 'GET') return withPane(state, paneId, () => events(state, paneId, req));
    if (action === 'answer' && method === 'POST' && state.caps.asks) {
      return withPane(state, paneId, () => answer(state, paneId, req.body));
    }
  }
  return error(404, 'not-found');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return ''; // malformed escapes read as an id no pane has
  }
}

function withPane(state: AgentState, paneId: string, run: () => WireReply): WireReply {
  if (!isValidId(paneId)) return error(400, 'bad-request', { message: 'bad pane id' });
  return state.panes.has(paneId) ? run() : error(404, 'no-such-pane');
}

function snapshot(state: AgentState, req: WireRequest): WireReply {
  const etag = snapshotEtag(state.epoch, state.rev);
  if (etagsMatch(req.ifNoneMatch, etag)) return { status: 304, body: {}, headers: { etag } };
  return { status: 200, body: { ...state.snapshot() }, headers: { etag } };
}

function events(state: AgentState, paneId: string, req: WireRequest): WireReply {
  const pane = state.panes.get(paneId);
  if (!pane) return error(404, 'no-such-pane');
  const afterText = req.query.get('after') ?? '0';
  const after = /^\d{1,15}$/.test(afterText) ? Number(afterText) : undefined;
  if (after === undefined) return error(400, 'bad-request', { message: 'after must be a whole number' });
  const reply = pane.eventsAfter(after, req.query.get('epoch') ?? undefined, state.epoch);
  return { status: 200, body: { ...reply } };
}

function answer(state: AgentState, paneId: string, body: Rec): WireReply {
  const pane = state.panes.get(paneId);
  const revision = count(body.revision);
  if (!pane || !isValidId(body.requestId) || !isValidId(body.askId) || revision === undefined || !isRecord(body.answer)) {
    return error(400, 'bad-request', { message: 'requestId, askId, revision and answer are required' });
  }
  const { requestId, askId } = body;
  const payload = JSON.stringify(['answer', paneId, askId, revision, body.answer]);
  const replay = state.requests.recall(requestId, payload);
  if (replay) return replay;
  const reply = decideAnswer();
  // Only a finished, decided reply is remembered: a bad answer can be corrected under the same id.
  if (reply.status === 200 || reply.status === 409) state.requests.remember(requestId, payload, reply);
  return reply;

  function decideAnswer(): WireReply {
    const open = pane!.openAsks.get(askId);
    if (!open) {
      const decided = pane!.decided.get(askId);
      if (decided) return error(409, 'decided', { decidedBy: decided.decidedBy, outcome: decided.outcome });
      return { status: 200, body: { outcome: 'too-late' } };
    }
    if (revision !== open.ask.revision) return error(409, 'stale', { ask: open.ask });
    const checked = checkAnswer(open.ask, body.answer);
    if (!checked) return error(400, 'bad-answer');
    pane!.closeAsk(askId, 'phone', checked);
    return { status: 200, body: { outcome: 'taken' } };
  }
}
