import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer, type ServerOptions as TlsOptions } from 'node:https';
import { matchAgentPath, WIRE_PREFIX } from '../wire/agent-paths';
import { LIMITS } from '../wire/limits';
import { VERSION_HEADER, WIRE_VERSIONS } from '../wire/wire-protocol';
import { isRecord, type Rec } from '../wire/read';
import type { WriteContext } from './routes-write';
import { wireError } from './wire-reply';
import { routeWire, type WireReply } from './wire-routes';
import { CALLER_REFUSED } from './caller/bun-listener';

class BodyTooLarge extends Error {}

export interface WireServerOptions {
  /** Token transport: the accepted bearer tokens. Absent on the socket transport. */
  tokenCheck?: (authorization: string | undefined) => boolean;
  /** Token transport over TLS: key and certificate. */
  tls?: TlsOptions;
}

/** The HTTP face of the wire: checks every request in the order WIRE.md gives, then routes it. */
export function createWireServer(ctx: WriteContext, options: WireServerOptions = {}): Server {
  const { log } = ctx;
  const listener: RequestListener = (req, res) => {
    // The token comes first, before version, hello and readiness; a refusal says nothing more.
    if (options.tokenCheck && !options.tokenCheck(req.headers.authorization)) {
      req.resume();
      return send(res, wireError(401, 'unauthorized'));
    }
    handle(ctx, req).then(
      (reply) => send(res, reply),
      (err: unknown) => {
        if (err instanceof BodyTooLarge) return send(res, wireError(413, 'too-large'));
        log(`[agent] request failed: ${err instanceof Error ? err.message : String(err)}`);
        // The kit's own failure, not a refusal of WIRE.md's: a reader shows any code it is given.
        send(res, { status: 500, body: { code: 'internal' } });
      },
    );
  };
  return options.tls ? createTlsServer(options.tls, listener) : createServer(listener);
}

async function handle(ctx: WriteContext, req: IncomingMessage): Promise<WireReply> {
  const { state, log } = ctx;
  const url = new URL(req.url ?? '/', 'http://agent');
  if (!url.pathname.startsWith(`${WIRE_PREFIX}/`)) return notFound();
  const path = url.pathname.slice(WIRE_PREFIX.length);
  const method = req.method ?? 'GET';
  const version = readVersion(req.headers[VERSION_HEADER]);
  const hello = matchAgentPath(method, path)?.route === 'hello';
  // Hello answers without the header; every other call needs one this agent speaks.
  if (version === undefined && !hello) return wireError(400, 'version-required');
  if (version === 'malformed') return wireError(400, 'version-required', { message: `${VERSION_HEADER} must be a whole number` });
  if (version !== undefined && !(version >= WIRE_VERSIONS.min && version <= WIRE_VERSIONS.max)) return incompatible(version, log);
  if (hello) return { status: 200, body: { ...state.hello() } };
  if (!state.ready) return wireError(503, 'starting');
  // The caller check: a write from the agent's own process tree (or from a caller it cannot place) is refused whole.
  if (method === 'POST' && (req.socket as { [CALLER_REFUSED]?: boolean })[CALLER_REFUSED] === true) {
    req.resume();
    return wireError(403, 'caller-refused');
  }
  let body: Rec = {};
  if (method === 'POST') {
    const parsed = await readJsonBody(req);
    if (parsed === undefined) return wireError(400, 'bad-request', { message: 'the body is not a JSON object' });
    body = parsed;
  }
  const ifNoneMatch = req.headers['if-none-match'];
  return routeWire(ctx, { method, path, query: url.searchParams, ifNoneMatch, body });
}

/** A version header: a whole number, absent, or something that names no version at all. */
function readVersion(header: string | string[] | undefined): number | undefined | 'malformed' {
  if (header === undefined) return undefined;
  return typeof header === 'string' && /^[1-9]\d{0,8}$/.test(header) ? Number(header) : 'malformed';
}

/** The telling hello (and any call naming a version this agent does not speak): say so on our side too. */
function incompatible(asked: number, log: (line: string) => void): WireReply {
  const refusal = `The bridge speaks wire v${asked}, this agent speaks v${WIRE_VERSIONS.min}..v${WIRE_VERSIONS.max}.`;
  log(`[agent] incompatible: ${refusal}`);
  return wireError(409, 'incompatible', { refusal, agent: { ...WIRE_VERSIONS }, collie: { min: asked, max: asked } });
}

function notFound(): WireReply {
  return wireError(404, 'not-found');
}

async function readJsonBody(req: IncomingMessage): Promise<Rec | undefined> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > LIMITS.requestBodyBytes) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > LIMITS.requestBodyBytes) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined; // not JSON: the caller answers 400 bad-request
  }
}

function send(res: ServerResponse, reply: WireReply): void {
  if (res.headersSent) return;
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.status === 304) {
    res.writeHead(304, headers).end();
    return;
  }
  const text = JSON.stringify(reply.body);
  headers['content-type'] = 'application/json';
  headers['content-length'] = String(Buffer.byteLength(text));
  res.writeHead(reply.status, headers).end(text);
}
