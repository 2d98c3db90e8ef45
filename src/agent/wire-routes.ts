import { isValidId } from '../wire/ids';
import { canonicalJson } from './canonical-json';
import type { CapName } from '../wire/types';
import * as read from './routes-read';
import * as write from './routes-write';
import { wireError, type WireReply, type WireRequest } from './wire-reply';

export type { WireReply, WireRequest } from './wire-reply';

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  /** The cap that must be declared, else the route answers 404 not-found. */
  cap?: CapName | ((caps: Record<CapName, boolean>) => boolean);
  /** A pane route: the first capture is the pane id, checked before anything runs. */
  pane?: boolean;
  run: (ctx: write.WriteContext, req: WireRequest, params: string[], requestId: string) => WireReply | Promise<WireReply>;
}

const ROUTES: Route[] = [
  { method: 'GET', pattern: /^\/snapshot$/, run: (ctx, req) => read.snapshot(ctx.state, req) },
  { method: 'GET', pattern: /^\/pane\/([^/]+)\/events$/, pane: true, run: (ctx, req, [id]) => read.events(ctx.state, id!, req) },
  { method: 'GET', pattern: /^\/conversations$/, cap: 'history', run: (ctx, req) => read.conversations(ctx.state, req) },
  { method: 'GET', pattern: /^\/conversation\/([^/]+)\/items$/, cap: 'history', run: (ctx, req, [id]) => read.conversationItems(ctx.state, id!, req) },
  { method: 'POST', pattern: /^\/pane\/([^/]+)\/answer$/, cap: 'asks', pane: true, run: (ctx, req, [id]) => write.answer(ctx, pane(ctx, id), req.body) },
  { method: 'POST', pattern: /^\/pane\/([^/]+)\/send$/, cap: (c) => c.send || c.steer, pane: true, run: (ctx, req, [id], rid) => write.send(ctx, pane(ctx, id), req.body, rid) },
  { method: 'POST', pattern: /^\/pane\/([^/]+)\/abort$/, cap: 'abort', pane: true, run: (ctx, req, [id]) => write.abort(ctx, pane(ctx, id), req.body) },
  { method: 'POST', pattern: /^\/pane\/([^/]+)\/action$/, cap: 'actions', pane: true, run: (ctx, req, [id]) => write.action(ctx, pane(ctx, id), req.body) },
  { method: 'POST', pattern: /^\/rename$/, cap: 'rename', run: (ctx, req) => write.rename(ctx, req.body) },
  { method: 'POST', pattern: /^\/close$/, cap: 'close', run: (ctx, req) => write.close(ctx, req.body) },
  { method: 'POST', pattern: /^\/starter\/([^/]+)$/, cap: 'starters', run: (ctx, _req, [id]) => write.starter(ctx, id!) },
  { method: 'POST', pattern: /^\/reopen$/, cap: 'reopen', run: (ctx, req) => write.reopen(ctx, req.body) },
];

function pane(ctx: write.WriteContext, id: string | undefined) {
  return ctx.state.panes.get(id ?? '')!; // checked to exist before the route runs
}

/**
 * The routes of wire v1, after the transport has checked the token, the version header,
 * readiness and the body size: cap gating, ids, then request-id memory around every POST.
 */
export async function routeWire(ctx: write.WriteContext, req: WireRequest): Promise<WireReply> {
  for (const route of ROUTES) {
    const match = route.method === req.method ? route.pattern.exec(req.path) : null;
    if (!match) continue;
    const caps = ctx.state.caps;
    const declared = route.cap === undefined || (typeof route.cap === 'function' ? route.cap(caps) : caps[route.cap]);
    if (!declared) return wireError(404, 'not-found');
    const params = match.slice(1).map(safeDecode);
    if (params.some((p) => !isValidId(p))) return wireError(400, 'bad-request', { message: 'bad id in the path' });
    if (route.pane && !ctx.state.panes.has(params[0]!)) return wireError(404, 'no-such-pane');
    if (route.method === 'GET') return route.run(ctx, req, params, '');
    const requestId = req.body.requestId;
    if (!isValidId(requestId)) return wireError(400, 'bad-request', { message: 'requestId is required' });
    // "Another payload": another route, other path ids (decoded), or another body but for
    // requestId, compared as JSON values (key order and white space do not count).
    const { requestId: _, ...rest } = req.body;
    const payload = canonicalJson([route.method, route.pattern.source, params, rest]);
    return ctx.state.requests.run(requestId, payload, () => route.run(ctx, req, params, requestId));
  }
  return wireError(404, 'not-found');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return ''; // malformed escapes read as an id that breaks the id rule
  }
}
