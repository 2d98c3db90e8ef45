import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isValidId } from '../wire/ids';
import { LIMITS } from '../wire/limits';
import type { DashboardJson } from '../wire/bridge-json';
import { answerAsk, parseAskRequest, type AgentHandle } from './answer-ask';
import { HttpError } from './http-error';
import { readStatic } from './static-files';
import { statusJson } from './status-json';

export interface PhoneApiDeps {
  agents: Map<string, AgentHandle>;
  durable: boolean;
  /** Called on every phone read, so the pollers know a phone is looking. */
  phoneLooked: () => void;
  log: (line: string) => void;
  appDir?: string;
}

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
  const startedAt = Date.now();
  return createServer((req, res) => {
    route(deps, req, res, startedAt).catch((err: unknown) => {
      if (err instanceof HttpError) return sendJson(res, err.status, { code: err.code, message: err.message });
      deps.log(`[bridge] phone request failed: ${err instanceof Error ? err.message : String(err)}`);
      sendJson(res, 500, { code: 'internal', message: 'the bridge failed to answer' });
    });
  });
}

async function route(deps: PhoneApiDeps, req: IncomingMessage, res: ServerResponse, startedAt: number): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://bridge');
  const path = url.pathname;
  const method = req.method ?? 'GET';
  if (!path.startsWith('/api/')) {
    if (method !== 'GET' && method !== 'HEAD') throw new HttpError(405, 'method-not-allowed', 'only GET here');
    return serveStatic(deps, req, res, path);
  }
  // For `collie durable list` and `collie doctor`, before phoneLooked: the CLI is no phone looking.
  if (method === 'GET' && path === '/api/status') return sendJson(res, 200, statusJson(deps.agents, deps.durable, startedAt));
  const parts = path.split('/').slice(2).map(decodeSegment);
  if (method === 'GET') {
    deps.phoneLooked();
    if (parts.length === 1 && parts[0] === 'dashboard') return sendEtagged(req, res, dashboard(deps));
    if (parts[0] === 'agents' && parts.length === 2) return sendEtagged(req, res, agentOf(deps, parts[1]).store.agentJson());
    if (parts[0] === 'agents' && parts.length === 4 && parts[2] === 'panes') {
      const chat = agentOf(deps, parts[1]).store.chatJson(parts[3] ?? '');
      if (!chat) throw new HttpError(404, 'no-such-pane', 'this conversation is not open');
      return sendEtagged(req, res, chat);
    }
  }
  if (method === 'POST' && parts[0] === 'ask' && parts.length === 2) {
    const askId = parts[1] ?? '';
    if (!isValidId(askId)) throw new HttpError(400, 'bad-request', 'bad ask id');
    const request = parseAskRequest(await readJson(req));
    const handle = agentOf(deps, request.agent);
    const reply = await answerAsk(handle, askId, request);
    handle.store.countResult(reply.outcome);
    return sendJson(res, 200, reply);
  }
  throw new HttpError(404, 'not-found', 'no such route');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, 'bad-request', 'a path segment is not valid');
  }
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

function sendEtagged(req: IncomingMessage, res: ServerResponse, value: unknown): void {
  const text = JSON.stringify(value);
  const etag = `"${createHash('sha1').update(text).digest('base64url')}"`;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { etag, 'cache-control': 'no-store' }).end();
    return;
  }
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    etag,
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
