import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isValidId } from '../../wire/ids';
import { LIMITS } from '../../wire/limits';
import type { ActRequest, ChatJson, DashboardJson } from '../../wire/bridge-json';
import { parseActRequest } from '../acts/act-requests';
import { actSpec } from '../acts/act-specs';
import { runAct, type WriteContext } from '../acts/act-runner';
import type { AuditLog } from '../acts/audit-log';
import type { ConversationLocks } from '../acts/conversation-lock';
import { sendRows } from '../acts/send-rows';
import { answerAsk, parseAskRequest } from '../acts/answer-ask';
import type { AgentHandle } from '../agent-handle';
import { HttpError } from './http-error';
import { guardApiRequest } from './request-guard';
import { readStatic } from './static-files';
import { statusJson } from './status-json';
import { closedPage, conversationHistory, cursorParam } from './history';
import { ViewRenders, waitForChange, type Versioned } from './long-poll';

export interface PhoneApiDeps {
  /** The address the bridge listens on (a name the API answers to besides addresses and localhost). */
  host: string;
  agents: Map<string, AgentHandle>;
  locks: ConversationLocks;
  audit: AuditLog;
  durable: boolean;
  /** Called as a phone's read starts; the returned call ends it. Pollers speed up while a phone looks. */
  phoneLooking: () => () => void;
  log: (line: string) => void;
  appDir?: string;
  /** Tests shorten these; see `PHONE_LIMITS`. */
  limits?: Partial<typeof PHONE_LIMITS>;
}

/**
 * What one phone (or anything else that reaches the port) may hold of the bridge: a request must
 * arrive whole, headers and body, within `requestMs`; at most `connections` are open at once;
 * one device holds at most `heldPerDevice` long-polls (a phone needs one per screen).
 */
export const PHONE_LIMITS = { requestMs: 10_000, connections: 256, heldPerDevice: 16 };

// Agent text never becomes markup, and this policy is the second wall if it ever tried.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

/** The phone's HTTP face: the bridge JSON under /api and the built PWA for everything else. */
export function createPhoneServer(deps: PhoneApiDeps): Server {
  const limits = { ...PHONE_LIMITS, ...deps.limits };
  const ctx: ServerContext = { deps, limits, startedAt: Date.now(), renders: new ViewRenders(), held: new Map() };
  const server = createServer(
    {
      // A request that never ends (headers or body) is cut: Node answers 408 and closes it.
      requestTimeout: limits.requestMs,
      headersTimeout: limits.requestMs,
      connectionsCheckingInterval: Math.min(1000, limits.requestMs),
    },
    (req, res) => {
      route(ctx, req, res).catch((err: unknown) => {
        if (err instanceof HttpError) return sendJson(res, err.status, { code: err.code, message: err.message });
        deps.log(`[bridge] phone request failed: ${err instanceof Error ? err.message : String(err)}`);
        sendJson(res, 500, { code: 'internal', message: 'the bridge failed to answer' });
      });
    },
  );
  server.maxConnections = limits.connections;
  return server;
}

/** What every request of one server shares. */
interface ServerContext {
  deps: PhoneApiDeps;
  limits: typeof PHONE_LIMITS;
  startedAt: number;
  renders: ViewRenders;
  /** Long-polls held now, per device. */
  held: Map<string, number>;
}

async function route(server: ServerContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { deps, startedAt } = server;
  const url = new URL(req.url ?? '/', 'http://bridge');
  const path = url.pathname;
  const method = req.method ?? 'GET';
  if (!path.startsWith('/api/')) {
    if (method !== 'GET' && method !== 'HEAD') throw new HttpError(405, 'method-not-allowed', 'only GET here');
    return serveStatic(deps, req, res, path);
  }
  guardApiRequest(req, deps.host);
  // For `collie durable list` and `collie doctor`, before phoneLooking: the CLI is no phone looking.
  if (method === 'GET' && path === '/api/status') return sendJson(res, 200, statusJson(deps.agents, deps.durable, startedAt));
  const parts = path.split('/').slice(2).map(decodeSegment);
  const device = req.socket.remoteAddress ?? 'unknown';
  if (method === 'GET') {
    const view = viewOf(deps, parts, url.searchParams);
    const looked = deps.phoneLooking();
    try {
      if ('once' in view) return sendJson(res, 200, await view.once());
      return await sendView(server, device, req, res, view, url.searchParams.has('wait'));
    } finally {
      looked();
    }
  }
  if (method === 'POST') {
    const ctx: WriteContext = { locks: deps.locks, audit: deps.audit, device };
    const body = await readJson(req);
    if (parts[0] === 'ask' && parts.length === 2) {
      const askId = parts[1] ?? '';
      if (!isValidId(askId)) throw new HttpError(400, 'bad-request', 'bad ask id');
      const request = parseAskRequest(body);
      const handle = agentOf(deps, request.agent);
      const reply = await answerAsk(handle, askId, request, ctx);
      handle.store.countResult(reply.outcome);
      return sendJson(res, 200, reply);
    }
    const act = actRoute(parts);
    if (act) {
      const request = parseActRequest(act.act, act.path, body);
      const handle = agentOf(deps, request.agent);
      const reply = await runAct(handle, ctx, actSpec(handle, request));
      handle.store.countResult(reply.reason ? `${reply.outcome}: ${reply.reason}` : reply.outcome);
      return sendJson(res, 200, reply);
    }
  }
  throw new HttpError(404, 'not-found', 'no such route');
}

/** Which act a POST path names, and what the path itself says (agent, pane, starter). */
function actRoute(parts: string[]): { act: ActRequest['act']; path: { agent: string; paneId?: string; starterId?: string } } | null {
  if (parts.length === 1 && parts[0] === 'send') return { act: 'send', path: { agent: '' } };
  if (parts[0] !== 'agents' || parts[1] === undefined) return null;
  const agent = parts[1];
  if (parts.length === 5 && parts[2] === 'panes' && ['steer', 'stop', 'action'].includes(parts[4] ?? '')) {
    return { act: parts[4] as 'steer' | 'stop' | 'action', path: { agent, paneId: parts[3] ?? '' } };
  }
  if (parts.length === 4 && parts[2] === 'starters') return { act: 'starter', path: { agent, starterId: parts[3] ?? '' } };
  if (parts.length === 3 && ['rename', 'close', 'reopen'].includes(parts[2] ?? '')) return { act: parts[2] as 'rename' | 'close' | 'reopen', path: { agent } };
  return null;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, 'bad-request', 'a path segment is not valid');
  }
}

/**
 * A live view: its key, its JSON and what it follows (long-polls wait on these, and its rendering
 * is kept while their versions stand); or a one-off read.
 */
type View = { key: string; sources: Versioned[]; render: () => unknown } | { once: () => Promise<unknown> };

function viewOf(deps: PhoneApiDeps, parts: string[], query: URLSearchParams): View {
  const stores = () => [...deps.agents.values()].map((a) => a.store);
  if (parts.length === 1 && parts[0] === 'dashboard') return { key: 'dashboard', sources: stores(), render: () => dashboard(deps) };
  if (parts[0] !== 'agents' || parts.length < 2) throw new HttpError(404, 'not-found', 'no such route');
  const handle = agentOf(deps, parts[1]);
  const { store } = handle;
  if (parts.length === 2) return { key: JSON.stringify(['agent', store.name]), sources: [store], render: () => store.agentJson() };
  if (parts.length === 4 && parts[2] === 'panes') {
    const paneId = parts[3] ?? '';
    return {
      key: JSON.stringify(['chat', store.name, paneId]),
      sources: [store, handle.ledger],
      render: (): ChatJson => {
        const chat = store.chatJson(paneId);
        if (!chat) throw new HttpError(404, 'no-such-pane', 'this conversation is not open');
        return { ...chat, sends: sendRows(handle.ledger, store, paneId) };
      },
    };
  }
  // Closed conversations: always read from the agent, never from the bridge's store or cache.
  if (parts.length === 3 && parts[2] === 'closed') return { once: () => closedPage(handle, cursorParam(query.get('after'))) };
  if (parts.length === 4 && parts[2] === 'conversations') {
    return { once: () => conversationHistory(handle, parts[3] ?? '', cursorParam(query.get('after'))) };
  }
  throw new HttpError(404, 'not-found', 'no such route');
}

/**
 * Sends a view with its ETag. With `wait` and the phone's current tag, the reply is held until
 * the view changes (a long-poll), so a new item reaches the phone without waiting for a poll.
 * Every reader of a view shares its one rendering per change.
 */
async function sendView(server: ServerContext, device: string, req: IncomingMessage, res: ServerResponse, view: Extract<View, { sources: unknown }>, wait: boolean): Promise<void> {
  const render = () => server.renders.render(view.key, view.sources, view.render);
  let current = render();
  const held = req.headers['if-none-match'];
  if (held === current.etag && wait) {
    const holding = server.held.get(device) ?? 0;
    if (holding >= server.limits.heldPerDevice) throw new HttpError(429, 'too-many-waits', 'this device already holds as many live reads as the bridge allows');
    server.held.set(device, holding + 1);
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    try {
      const changed = await waitForChange(view.sources, () => {
        try {
          return render();
        } catch {
          return { text: '', etag: '' }; // the view went away (a closed pane): answer now, with the error
        }
      }, held, gone.signal);
      if (gone.signal.aborted) return;
      if (changed !== null) current = render();
    } finally {
      const left = (server.held.get(device) ?? 1) - 1;
      if (left > 0) server.held.set(device, left);
      else server.held.delete(device);
    }
  }
  if (held === current.etag) {
    res.writeHead(304, { etag: current.etag, 'cache-control': 'no-store' }).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(current.text)), 'cache-control': 'no-store', etag: current.etag });
  res.end(current.text);
}

function dashboard(deps: PhoneApiDeps): DashboardJson {
  return { durable: deps.durable, agents: [...deps.agents.values()].map((a) => a.store.row()) };
}

function agentOf(deps: PhoneApiDeps, name: string | undefined): AgentHandle {
  const handle = name === undefined ? undefined : deps.agents.get(name);
  if (!handle) throw new HttpError(404, 'no-such-agent', 'no durable agent has this name');
  return handle;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > LIMITS.requestBodyBytes) throw new HttpError(413, 'too-large', 'the request is over 64 KiB');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'bad-request', 'the body is not JSON');
  }
}

function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  const text = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}


async function serveStatic(deps: PhoneApiDeps, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const file = await readStatic(path, deps.appDir);
  if (!file) throw new HttpError(404, 'not-found', 'no such file (was the app built? run npm run build)');
  res.writeHead(200, {
    'content-type': file.type,
    'content-length': String(file.body.length),
    'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  res.end(req.method === 'HEAD' ? undefined : file.body);
}
