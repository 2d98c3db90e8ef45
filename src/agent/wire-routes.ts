import { matchAgentPath, type AgentParams, type AgentRoute } from '../wire/agent-paths';
import { isValidId } from '../wire/ids';
import { canonicalJson } from './canonical-json';
import type { CapName } from '../wire/types';
import * as read from './routes-read';
import * as write from './routes-write';
import { wireError, type WireReply, type WireRequest } from './wire-reply';

export type { WireReply, WireRequest } from './wire-reply';

/** Every route of the table but hello, which the transport answers before any other check. */
type Served = Exclude<AgentRoute, 'hello'>;

interface Route<P> {
  /** The cap that must be declared, else the route answers 404 not-found. */
  cap?: CapName | ((caps: Record<CapName, boolean>) => boolean);
  run(ctx: write.WriteContext, req: WireRequest, params: P, requestId: string): WireReply | Promise<WireReply>;
}

/** What each route of `AGENT_ROUTES` does; a route with a `:pane` segment is a pane route. */
const ROUTES: { [R in Served]: Route<AgentParams<R>> } = {
  snapshot: { run: (ctx, req) => read.snapshot(ctx.state, req) },
  events: { run: (ctx, req, { pane }) => read.events(ctx.state, pane, req) },
  conversations: { cap: 'history', run: (ctx, req) => read.conversations(ctx.state, req) },
  items: { cap: 'history', run: (ctx, req, { conversation }) => read.conversationItems(ctx.state, conversation, req) },
  answer: { cap: 'asks', run: (ctx, req, { pane }) => write.answer(ctx, paneOf(ctx, pane), req.body) },
  send: { cap: (c) => c.send || c.steer, run: (ctx, req, { pane }, rid) => write.send(ctx, paneOf(ctx, pane), req.body, rid) },
  abort: { cap: 'abort', run: (ctx, req, { pane }) => write.abort(ctx, paneOf(ctx, pane), req.body) },
  action: { cap: 'actions', run: (ctx, req, { pane }) => write.action(ctx, paneOf(ctx, pane), req.body) },
  rename: { cap: 'rename', run: (ctx, req) => write.rename(ctx, req.body) },
  close: { cap: 'close', run: (ctx, req) => write.close(ctx, req.body) },
  starter: { cap: 'starters', run: (ctx, _req, { starter }) => write.starter(ctx, starter) },
  reopen: { cap: 'reopen', run: (ctx, req) => write.reopen(ctx, req.body) },
};

function paneOf(ctx: write.WriteContext, id: string) {
  return ctx.state.panes.get(id)!; // checked to exist before the route runs
}

/**
 * The routes of wire v1, after the transport has checked the token, the version header,
 * readiness and the body size: cap gating, ids, then request-id memory around every POST.
 */
export async function routeWire(ctx: write.WriteContext, req: WireRequest): Promise<WireReply> {
  const match = matchAgentPath(req.method, req.path);
  if (!match || match.route === 'hello') return wireError(404, 'not-found');
  const name = match.route;
  const route = ROUTES[name] as Route<Record<string, string>>;
  const caps = ctx.state.caps;
  const declared = route.cap === undefined || (typeof route.cap === 'function' ? route.cap(caps) : caps[route.cap]);
  if (!declared) return wireError(404, 'not-found');
  const params: Record<string, string> = match.params;
  if (Object.values(params).some((p) => !isValidId(p))) return wireError(400, 'bad-request', { message: 'bad id in the path' });
  if (params.pane !== undefined && !ctx.state.panes.has(params.pane)) return wireError(404, 'no-such-pane');
  if (req.method === 'GET') return route.run(ctx, req, params, '');
  const requestId = req.body.requestId;
  if (!isValidId(requestId)) return wireError(400, 'bad-request', { message: 'requestId is required' });
  // "Another payload": another route, other path ids (decoded), or another body but for
  // requestId, compared as JSON values (key order and white space do not count).
  const { requestId: _, ...rest } = req.body;
  const payload = canonicalJson([req.method, name, params, rest]);
  return ctx.state.requests.run(requestId, payload, () => route.run(ctx, req, params, requestId));
}
