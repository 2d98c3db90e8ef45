import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { API_PREFIX, BadPathSegment } from '../../wire/phone-routes';
import { errorJson, HttpError } from '../http/http-error';
import { sendJson } from '../http/http-json';
import { ChatVersions } from './chat-versions';
import { ViewRenders } from './long-poll';
import { PHONE_LIMITS, type PhoneApiDeps, type ServerContext } from './phone-deps';
import { FailureLimit } from '../pairing/failure-limit';
import { admit } from './gate';
import { guardApiRequest } from './request-guard';
import { guardWaitingConnections } from './connection-guard';
import { ClientGone } from '../http/client-gone';
import { findRoute } from './routes';
import { pickEncoding } from '../http/compression';
import { readStatic } from './static-files';
import { pagePolicy } from './page-policy';
import { CREW_PREFIX } from '../crew/crew-paths';
import { crewRoute } from '../crew/crew-routes';

/**
 * The phone room: the bridge's HTTP face for the phone. The JSON API under `/api` (its routes in
 * `routes.ts`, live views and long-polls in `live-views.ts`, closed history in `history.ts`) and
 * the built PWA for everything else, with the guard that keeps other pages out.
 */
export function createPhoneServer(deps: PhoneApiDeps): Server {
  const limits = { ...PHONE_LIMITS, ...deps.limits };
  const ctx: ServerContext = {
    deps,
    limits,
    startedAt: Date.now(),
    renders: new ViewRenders(),
    chatVersions: new ChatVersions(limits),
    held: new Map(),
    failures: new FailureLimit(),
    revoked: new Map(),
  };
  // A revoked device's held long-polls end now, with 401: its page shows the pairing screen.
  deps.devices.onRevoke((id) => ctx.revoked.get(id)?.abort());
  const serverOptions = {
    // A request that never ends (headers or body) is cut: Node answers 408 and closes it.
    requestTimeout: limits.requestMs,
    headersTimeout: limits.requestMs,
    connectionsCheckingInterval: Math.min(1000, limits.requestMs),
  };
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    route(ctx, req, res).catch((err: unknown) => {
      // The client went away mid-request: nobody to answer, and nothing went wrong here.
      if (err instanceof ClientGone || res.destroyed) return void res.destroy();
      if (err instanceof HttpError) return sendJson(res, err.status, errorJson(err.code, err.message));
      deps.log(`[bridge] phone request failed: ${err instanceof Error ? err.message : String(err)}`);
      sendJson(res, 500, errorJson('internal', 'the bridge failed to answer'));
    });
  };
  const server = deps.tls
    ? createHttpsServer({ ...serverOptions, handshakeTimeout: limits.requestMs, cert: deps.tls.cert, key: deps.tls.key }, handler)
    : createServer(serverOptions, handler);
  server.maxConnections = limits.connections;
  guardWaitingConnections(server, limits);
  return server;
}

async function route(server: ServerContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { deps } = server;
  const url = new URL(req.url ?? '/', 'http://bridge');
  const path = url.pathname;
  const method = req.method ?? 'GET';
  if (path.startsWith(CREW_PREFIX) && deps.crew) {
    // Another bridge of the crew: the same guard as the phone's API (this bridge's names, JSON writes).
    guardApiRequest(req, deps.host, deps.publicHosts ?? []);
    return crewRoute(deps.crew, req, res, path, req.socket.remoteAddress ?? 'unknown');
  }
  if (!path.startsWith(API_PREFIX)) {
    if (method !== 'GET' && method !== 'HEAD') throw new HttpError(405, 'method-not-allowed', 'only GET here');
    return serveStatic(deps, req, res, path);
  }
  guardApiRequest(req, deps.host, deps.publicHosts ?? []);
  let found;
  try {
    found = findRoute(method, path);
  } catch (err) {
    if (err instanceof BadPathSegment) throw new HttpError(400, 'bad-request', err.message, { cause: err });
    throw err;
  }
  if (found === null) throw new HttpError(404, 'not-found', 'no such route');
  if (found === 'method') throw new HttpError(405, 'method-not-allowed', `${method} is not how this route is used`);
  const { route: matched, params } = found;
  const device = admit(server, matched, req);
  const looked = matched.looks ? deps.phoneLooking() : () => {};
  try {
    await matched.handle({ server, req, res, url, params, address: req.socket.remoteAddress ?? 'unknown', device });
  } finally {
    looked();
  }
}

async function serveStatic(deps: PhoneApiDeps, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const file = await readStatic(path, deps.appDir, pickEncoding(req.headers['accept-encoding']));
  if (!file) throw new HttpError(404, 'not-found', 'no such file (was the app built? run npm run build)');
  // Hashed assets never change; the shell is checked each time, and costs a 304 when it did not change.
  const etag = `"${createHash('sha1').update(file.body).digest('base64url')}"`;
  const headers: Record<string, string> = {
    'content-type': file.type,
    'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag,
    vary: 'accept-encoding',
    'content-security-policy': pagePolicy(file),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    ...(file.encoding ? { 'content-encoding': file.encoding } : {}),
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': String(file.body.length) });
  res.end(req.method === 'HEAD' ? undefined : file.body);
}
