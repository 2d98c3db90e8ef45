import { matchAgentPath, WIRE_PREFIX } from '../wire/agent-paths';
import { isRecord, type Rec } from '../wire/read';
import { VERSION_HEADER, WIRE_VERSIONS } from '../wire/wire-protocol';
import type { WriteContext } from './routes-write';
import { wireError, type WireReply } from './wire-reply';
import { routeWire } from './wire-routes';

/** A body over `LIMITS.requestBodyBytes`, by its declared length or as read. */
export const TOO_LARGE = Symbol('too large');

/**
 * One request as any host hands it to the wire: a Node server (`http-server.ts`) or a Worker.
 * The bearer token is the host's to check before it calls (a Worker refuses a wrong one before it
 * wakes its object); everything after it is here, once for every host.
 */
export interface WireCall {
  method: string;
  /** The request's path and query. */
  target: string;
  /** A header's value (lower-case name), repeated ones joined with ", " as HTTP reads them. */
  header(name: string): string | undefined;
  /** The body as text, or TOO_LARGE (no more of it is read). */
  body(): Promise<string | typeof TOO_LARGE>;
  /** A write the socket transport's caller check refused (from the agent's own process tree). */
  callerRefused?: boolean;
}

/**
 * The wire's checks in WIRE.md's order, then its routes: the path, the version header, hello,
 * readiness, the caller check, the body (413 before any route's 404), then `routeWire`. Never
 * rejects: a failure of the kit itself is a logged 500.
 */
export async function answerWire(ctx: WriteContext, call: WireCall): Promise<WireReply> {
  try {
    return await checkAndRoute(ctx, call);
  } catch (err) {
    ctx.log(`[agent] request failed: ${err instanceof Error ? err.message : String(err)}`);
    // The kit's own failure, not a refusal of WIRE.md's: a reader shows any code it is given.
    return { status: 500, body: { code: 'internal' } };
  }
}

async function checkAndRoute(ctx: WriteContext, call: WireCall): Promise<WireReply> {
  const { state, log } = ctx;
  const url = new URL(call.target, 'http://agent');
  if (!url.pathname.startsWith(`${WIRE_PREFIX}/`)) return wireError(404, 'not-found');
  const path = url.pathname.slice(WIRE_PREFIX.length);
  const { method } = call;
  const version = readVersion(call.header(VERSION_HEADER));
  const hello = matchAgentPath(method, path)?.route === 'hello';
  // Hello answers without the header; every other call needs one this agent speaks.
  if (version === undefined && !hello) return wireError(400, 'version-required');
  if (version === 'malformed') return wireError(400, 'version-required', { message: `${VERSION_HEADER} must be a whole number` });
  if (version !== undefined && !(version >= WIRE_VERSIONS.min && version <= WIRE_VERSIONS.max)) return incompatible(version, log);
  if (hello) return { status: 200, body: { ...state.hello() } };
  if (!state.ready) return wireError(503, 'starting');
  // The caller check: a write from the agent's own process tree (or from a caller it cannot place) is refused whole.
  if (method === 'POST' && call.callerRefused === true) return wireError(403, 'caller-refused');
  let body: Rec = {};
  if (method === 'POST') {
    const text = await call.body();
    if (text === TOO_LARGE) return wireError(413, 'too-large');
    const parsed = jsonObject(text);
    if (parsed === undefined) return wireError(400, 'bad-request', { message: 'the body is not a JSON object' });
    body = parsed;
  }
  return routeWire(ctx, { method, path, query: url.searchParams, ifNoneMatch: call.header('if-none-match'), body });
}

/** A version header: a whole number, absent, or something that names no version at all. */
function readVersion(header: string | undefined): number | undefined | 'malformed' {
  if (header === undefined) return undefined;
  return /^[1-9]\d{0,8}$/.test(header) ? Number(header) : 'malformed';
}

/** The telling hello (and any call naming a version this agent does not speak): say so on our side too. */
function incompatible(asked: number, log: (line: string) => void): WireReply {
  const refusal = `The bridge speaks wire v${asked}, this agent speaks v${WIRE_VERSIONS.min}..v${WIRE_VERSIONS.max}.`;
  log(`[agent] incompatible: ${refusal}`);
  return wireError(409, 'incompatible', { refusal, agent: { ...WIRE_VERSIONS }, collie: { min: asked, max: asked } });
}

/** An empty body reads as `{}`; anything but a JSON object as undefined. */
function jsonObject(text: string): Rec | undefined {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A reply as it goes out: JSON with its type and length, or a bare 304. */
export function replyOnWire(reply: WireReply): { status: number; headers: Record<string, string>; text: string | null } {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.status === 304) return { status: 304, headers, text: null };
  const text = JSON.stringify(reply.body);
  headers['content-type'] = 'application/json';
  headers['content-length'] = String(new TextEncoder().encode(text).length);
  return { status: reply.status, headers, text };
}
