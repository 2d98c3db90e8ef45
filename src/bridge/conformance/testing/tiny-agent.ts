/**
 * For the check's tests: a small durable agent written from WIRE.md alone, as an outside builder
 * would (no kit, no wire parsers), with one bug planted at a time. Each bug is one an outside
 * builder shipped: the check must fail it, and pass the agent without it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';

export const TINY_BUGS = [
  /** `409 decided` and `ask-closed` give the option id as a bare string, not `{ optionIds }`. */
  'outcome-bare-string',
  /** `409 decided` and `ask-closed` say `decidedBy: "user"`. */
  'decided-by-unknown',
  /** A `400 bad-answer` is remembered under its request id like any other reply. */
  'bad-answer-remembered',
  /** A plain send checks the turn before the open asks. */
  'turn-moved-before-ask-open',
  /** The route and pane are checked before the body's size. */
  'not-found-before-too-large',
  /** History lists conversations oldest first. */
  'history-oldest-first',
  /** A 304 carries no ETag. */
  'not-modified-without-etag',
  /** `409 stale` carries no `ask`. */
  'stale-without-ask',
  /** A page with no event answers `cursor: 0`. */
  'empty-page-cursor-zero',
  /** An empty POST body is refused as not JSON. */
  'empty-body-refused',
  /** A 401 says why, in a `message`. */
  'unauthorized-with-message',
  /** Times are written without a zone. */
  'time-without-zone',
] as const;
export type TinyBug = (typeof TINY_BUGS)[number];

export interface TinyAgent {
  /** A socket path or `http://127.0.0.1:<port>`. */
  address: string;
  close(): Promise<void>;
}

export interface TinyAgentOptions {
  bug?: TinyBug;
  /** Listen here (its folder is made 0700, the socket 0600); else on a loopback port behind `token`. */
  socket?: string;
  /** Required on a port; on a socket, checked only when a caller presents one (one code path for both transports). */
  token?: string;
}

type Json = Record<string, unknown>;
interface Reply {
  status: number;
  body?: Json;
  headers?: Record<string, string>;
}
interface Turn {
  id: string;
  state: 'running' | 'done';
  queued: number;
  startedAt: string;
  endedAt?: string;
}
interface Ask {
  id: string;
  revision: number;
  kind: 'choice';
  toolCallId: string;
  title: string;
  createdAt: string;
  options: { id: string; label: string }[];
}
interface Pane {
  id: string;
  title: string;
  conversationId: string;
  turn: Turn | null;
  asks: Ask[];
  decided: Map<string, { decidedBy: string; outcome: unknown }>;
  events: Json[];
}

const EPOCH = 'tinyAgentEpoch_000000000001';
const MAX_BODY = 64 * 1024;
const ID = /^[^\s/?#\u0000-\u001f\u007f-\u009f]{1,128}$/u;
const isId = (v: unknown): v is string => typeof v === 'string' && ID.test(v) && v !== '.' && v !== '..';
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON with sorted keys: the payload of a request id, whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export async function tinyAgent(options: TinyAgentOptions = {}): Promise<TinyAgent> {
  const { bug } = options;
  const at = (minute: number) => `2026-11-30T10:0${minute}:00${bug === 'time-without-zone' ? '' : 'Z'}`;
  const askId = (paneId: string, toolCallId: string) => createHash('sha256').update(`${paneId}\u0000${toolCallId}`).digest('hex').slice(0, 32);
  const outcomeOf = (optionId: string): unknown => (bug === 'outcome-bare-string' ? optionId : { optionIds: [optionId] });
  const decider = bug === 'decided-by-unknown' ? 'user' : 'phone';
  let rev = 1;

  const idle: Pane = {
    id: 'idle',
    title: 'Idle',
    conversationId: 'c-idle',
    turn: { id: 't-1', state: 'done', queued: 0, startedAt: at(0), endedAt: at(1) },
    asks: [],
    decided: new Map(),
    events: [],
  };
  const doneAsk = askId('idle', 'deploy-1');
  idle.decided.set(doneAsk, { decidedBy: decider, outcome: outcomeOf('yes') });
  idle.events.push(
    { seq: 1, type: 'item', item: { id: 'r-1', kind: 'reply', at: at(0), text: 'Deployed.' } },
    { seq: 2, type: 'ask-closed', askId: doneAsk, decidedBy: decider, outcome: outcomeOf('yes') },
  );
  const open: Ask = {
    id: askId('asking', 'deploy-2'),
    revision: 1,
    kind: 'choice',
    toolCallId: 'deploy-2',
    title: 'Deploy?',
    createdAt: at(2),
    options: [{ id: 'yes', label: 'Yes' }],
  };
  const asking: Pane = { id: 'asking', title: 'Asking', conversationId: 'c-asking', turn: null, asks: [open], decided: new Map(), events: [{ seq: 1, type: 'ask', ask: open }] };
  const busy: Pane = {
    id: 'busy',
    title: 'Busy',
    conversationId: 'c-busy',
    turn: { id: 't-9', state: 'running', queued: 0, startedAt: at(3) },
    asks: [],
    decided: new Map(),
    events: [],
  };
  busy.events.push({ seq: 1, type: 'turn', turn: { ...busy.turn! } });
  const panes = new Map([idle, asking, busy].map((p) => [p.id, p]));
  const conversations = [idle, asking, busy].map((p, i) => ({ id: p.conversationId, title: p.title, state: 'open', paneId: p.id, createdAt: at(i), updatedAt: at(i + 1) }));
  const requests = new Map<string, { payload: string; reply: Reply }>();

  const emit = (pane: Pane, event: Json) => {
    pane.events.push({ seq: pane.events.length + 1, ...event });
    rev += 1;
  };
  const error = (status: number, code: string, extra: Json = {}): Reply => ({ status, body: { code, ...extra } });
  const paneJson = (p: Pane) => ({
    id: p.id,
    title: p.title,
    conversationId: p.conversationId,
    state: p.asks.length > 0 ? 'waiting' : p.turn?.state === 'running' ? 'working' : 'idle',
    turn: p.turn,
    asks: p.asks,
    belt: [],
    cursor: p.events.length,
  });

  function snapshot(req: IncomingMessage): Reply {
    const etag = `"${EPOCH}-${rev}"`;
    const asked = (req.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
    if (asked.includes('*') || asked.includes(etag)) return { status: 304, headers: bug === 'not-modified-without-etag' ? {} : { etag } };
    const body = { epoch: EPOCH, rev, workspaces: [{ id: 'w', title: 'W', tabs: [{ id: 't', title: 'T', panes: [...panes.values()].map(paneJson) }] }], starters: [] };
    return { status: 200, body, headers: { etag } };
  }

  function events(pane: Pane, query: URLSearchParams): Reply {
    const raw = query.get('after') ?? '0';
    if (!/^\d{1,15}$/.test(raw)) return error(400, 'bad-request');
    const after = Number(raw);
    const cursor = pane.events.length;
    if (query.get('epoch') !== EPOCH || after > cursor)
      return { status: 200, body: { epoch: EPOCH, cursor, view: true, items: [], asks: pane.asks, turn: pane.turn, trimmed: false } };
    const page = pane.events.filter((e) => (e.seq as number) > after);
    const last = page.length > 0 ? (page.at(-1)!.seq as number) : bug === 'empty-page-cursor-zero' ? 0 : after;
    return { status: 200, body: { epoch: EPOCH, cursor: last, view: false, events: page } };
  }

  function history(query: URLSearchParams): Reply {
    const rows = [...conversations].sort((a, b) => (bug === 'history-oldest-first' ? 1 : -1) * a.createdAt.localeCompare(b.createdAt));
    return { status: 200, body: { conversations: rows.slice(0, Number(query.get('limit') ?? 50)), next: null } };
  }

  function answer(pane: Pane, body: Json): Reply {
    const { askId: id, revision, answer: given } = body;
    const shape = isObject(given) ? ['optionIds', 'text', 'values'].filter((k) => given[k] !== undefined) : [];
    if (!isId(id) || !Number.isInteger(revision) || (revision as number) < 1 || shape.length !== 1) return error(400, 'bad-request');
    const ask = pane.asks.find((a) => a.id === id);
    if (!ask) {
      const decided = pane.decided.get(id);
      return decided ? error(409, 'decided', decided) : { status: 200, body: { outcome: 'too-late' } };
    }
    if (revision !== ask.revision) return error(409, 'stale', bug === 'stale-without-ask' ? {} : { ask });
    const ids = (given as Json).optionIds;
    if (!Array.isArray(ids) || ids.length !== 1 || !ask.options.some((o) => o.id === ids[0])) return error(400, 'bad-answer');
    pane.asks = pane.asks.filter((a) => a !== ask);
    pane.decided.set(ask.id, { decidedBy: decider, outcome: outcomeOf(String(ids[0])) });
    emit(pane, { type: 'ask-closed', askId: ask.id, decidedBy: decider, outcome: outcomeOf(String(ids[0])) });
    return { status: 200, body: { outcome: 'taken' } };
  }

  function send(pane: Pane, body: Json, requestId: string): Reply {
    const { text, turnId = null, steer = false } = body;
    if (typeof steer !== 'boolean') return error(400, 'bad-request');
    if (steer) return error(404, 'not-found'); // cap steer is not declared
    if (typeof text !== 'string' || text.trim() === '' || Buffer.byteLength(text) > 32768 || (turnId !== null && !isId(turnId))) return error(400, 'bad-request');
    const moved = (turnId ?? null) !== (pane.turn?.id ?? null) ? error(409, 'turn-moved', { turn: pane.turn }) : undefined;
    if (bug === 'turn-moved-before-ask-open' && moved) return moved;
    if (pane.asks.length > 0) return error(409, 'ask-open', { askId: pane.asks[0]!.id });
    if (moved) return moved;
    if (pane.turn?.state === 'running') {
      pane.turn.queued += 1;
      emit(pane, { type: 'turn', turn: { ...pane.turn } });
      return { status: 200, body: { status: 'queued', turnId: pane.turn.id } };
    }
    pane.turn = { id: `t-${requestId}`, state: 'running', queued: 0, startedAt: at(5) };
    emit(pane, { type: 'item', item: { id: `u-${requestId}`, kind: 'user', at: at(5), text, requestId } });
    emit(pane, { type: 'turn', turn: { ...pane.turn } });
    return { status: 200, body: { status: 'accepted', turnId: pane.turn.id } };
  }

  function rename(body: Json): Reply {
    const { target, id, title } = body;
    if (!['workspace', 'tab', 'pane'].includes(String(target)) || !isId(id) || typeof title !== 'string' || title.trim() === '') return error(400, 'bad-request');
    const pane = target === 'pane' ? panes.get(id) : undefined;
    if (!pane) return error(404, `no-such-${String(target)}`);
    pane.title = title.trim();
    rev += 1;
    return { status: 200, body: {} };
  }

  function items(path: string): Reply | undefined {
    const id = /^\/conversation\/([^/]+)\/items$/.exec(path)?.[1];
    if (id === undefined) return undefined;
    const pane = [...panes.values()].find((p) => p.conversationId === decodeURIComponent(id));
    if (!pane) return error(404, 'no-such-conversation');
    const kept = pane.events.filter((e) => e.type === 'item').map((e) => e.item);
    return { status: 200, body: { items: kept, next: null, trimmed: false } };
  }

  /** Steps 7 and 8 of WIRE.md §2: the method and path are a route, and its pane is known. */
  function findRoute(method: string, path: string): { reply: Reply } | { name: string; pane?: Pane } {
    if (method === 'POST' && path === '/rename') return { name: 'rename' };
    const paneRoute = /^\/pane\/([^/]+)\/(events|answer|send)$/.exec(path);
    const name = paneRoute?.[2];
    if (!name || (name === 'events') !== (method === 'GET')) return { reply: error(404, 'not-found') };
    const paneId = decodeURIComponent(paneRoute[1]!);
    if (!isId(paneId)) return { reply: error(400, 'bad-request') };
    const pane = panes.get(paneId);
    return pane ? { name, pane } : { reply: error(404, 'no-such-pane') };
  }

  /** Steps 7–10 of WIRE.md §2: the route, its ids, the request id, the route's own checks. */
  function route(req: IncomingMessage, method: string, path: string, query: URLSearchParams, body: Json): Reply {
    if (method === 'GET' && path === '/snapshot') return snapshot(req);
    if (method === 'GET' && path === '/conversations') return history(query);
    const listed = method === 'GET' ? items(path) : undefined;
    if (listed) return listed;
    const found = findRoute(method, path);
    if ('reply' in found) return found.reply;
    const { name, pane } = found;
    if (name === 'events') return events(pane!, query);
    const { requestId, ...rest } = body;
    if (!isId(requestId)) return error(400, 'bad-request');
    const payload = canonical([path, rest]);
    const known = requests.get(requestId);
    if (known) return known.payload === payload ? { ...known.reply, body: { ...known.reply.body, replayed: true } } : error(409, 'request-id-reused');
    const reply = name === 'answer' ? answer(pane!, body) : name === 'send' ? send(pane!, body, requestId) : rename(body);
    // 2xx, 404 and 409 are remembered; a 400 ran nothing and may be sent again corrected.
    if (reply.status !== 400 || bug === 'bad-answer-remembered') requests.set(requestId, { payload, reply });
    return reply;
  }

  const tokenDigest = options.token === undefined ? undefined : createHash('sha256').update(options.token).digest();
  function tokenRefused(req: IncomingMessage): boolean {
    if (!tokenDigest) return false;
    const presented = req.headers.authorization;
    if (options.socket !== undefined && presented === undefined) return false;
    const given = createHash('sha256')
      .update(/^Bearer (.+)$/.exec(presented ?? '')?.[1] ?? '')
      .digest();
    return !timingSafeEqual(given, tokenDigest);
  }

  async function handle(req: IncomingMessage): Promise<Reply> {
    if (tokenRefused(req)) {
      req.resume();
      return error(401, 'unauthorized', bug === 'unauthorized-with-message' ? { message: 'wrong token' } : {});
    }
    const url = new URL(req.url ?? '/', 'http://agent');
    if (!url.pathname.startsWith('/session/v1/')) return error(404, 'not-found');
    const path = url.pathname.slice('/session/v1'.length);
    const method = req.method ?? 'GET';
    const version = req.headers['x-collie-session'];
    if (version === undefined && !(method === 'GET' && path === '/hello')) return error(400, 'version-required');
    if (version !== undefined && !/^[1-9][0-9]*$/.test(version as string)) return error(400, 'version-required');
    if (version !== undefined && version !== '1') {
      return error(409, 'incompatible', {
        refusal: `This agent speaks v1, not v${String(version)}.`,
        agent: { min: 1, max: 1 },
        collie: { min: Number(version), max: Number(version) },
      });
    }
    if (method === 'GET' && path === '/hello') {
      const caps = { asks: true, send: true, rename: true, history: true };
      return { status: 200, body: { service: 'collie-durable', protocol: { min: 1, max: 1 }, host: { name: 'tiny', runtime: '' }, epoch: EPOCH, ready: true, caps } };
    }
    let body: Json = {};
    if (method === 'POST') {
      const early = bug === 'not-found-before-too-large' ? findRoute(method, path) : undefined;
      if (early && 'reply' in early) {
        req.resume();
        return early.reply;
      }
      if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) {
        // Read and drop the rest, so the connection stays in step for the next request.
        req.resume();
        return error(413, 'too-large');
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() !== '' || bug === 'empty-body-refused') {
        try {
          body = JSON.parse(text) as Json;
        } catch {
          return error(400, 'bad-request');
        }
        if (!isObject(body)) return error(400, 'bad-request');
      }
    }
    return route(req, method, path, url.searchParams, body);
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void handle(req).then((reply) => {
      if (reply.status === 304) return res.writeHead(304, reply.headers ?? {}).end();
      const text = JSON.stringify(reply.body ?? {});
      res.writeHead(reply.status, { ...reply.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }).end(text);
    });
  });
  if (options.socket !== undefined) {
    await mkdir(dirname(options.socket), { recursive: true, mode: 0o700 });
    await new Promise<void>((r) => server.listen(options.socket, r));
    await chmod(options.socket, 0o600);
  } else {
    if (options.token === undefined) throw new Error('a port needs a token');
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  }
  const address = options.socket ?? `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    address,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
