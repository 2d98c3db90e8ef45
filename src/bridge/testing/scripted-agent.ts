/** Test helper: a hand-written durable agent on a real private socket, every route a test may replace. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentSource } from '../config/config';

export const SCRIPTED_EPOCH = 'scripted-epoch-000000000001';
/** The route key that answers every pane's events (a key of the pane's own path wins). */
export const ANY_PANE_EVENTS = '/pane/:id/events';

/** One route's answer: a status and a JSON body (or a status alone for 304). */
export type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
export type Route = (url: URL, req: IncomingMessage, body: unknown) => Reply | undefined;

export interface ScriptedAgent {
  source: AgentSource;
  /** Routes by path after `/session/v1`; a test sets or replaces them. */
  routes: Map<string, Route>;
  /** The panes the snapshot lists (one workspace, one tab); raise `rev` after changing them. */
  panes: Record<string, unknown>[];
  starters: Record<string, unknown>[];
  state: { epoch: string; rev: number; caps: Record<string, boolean> };
  close(): Promise<void>;
}

/** A sane agent by default: hello, a snapshot of `panes`, and empty events for each pane. */
export async function scriptedAgent(folder: string, name = 'scripted'): Promise<ScriptedAgent> {
  const state = { epoch: SCRIPTED_EPOCH, rev: 1, caps: { asks: true } as Record<string, boolean> };
  const panes: Record<string, unknown>[] = [];
  const starters: Record<string, unknown>[] = [];
  const routes = new Map<string, Route>();
  routes.set('/hello', () => ({
    status: 200,
    body: { service: 'collie-durable', protocol: { min: 1, max: 1 }, host: { name }, epoch: state.epoch, ready: true, caps: state.caps },
  }));
  routes.set('/snapshot', (_url, req) => {
    const etag = `"${state.epoch}-${state.rev}"`;
    if (req.headers['if-none-match'] === etag) return { status: 304, headers: { etag } };
    const full = panes.map((p) => ({ title: 'Pane', state: 'idle', turn: null, asks: [], belt: [], cursor: 0, ...p }));
    return {
      status: 200,
      headers: { etag },
      body: { epoch: state.epoch, rev: state.rev, workspaces: [{ id: 'w', title: 'W', tabs: [{ id: 't', title: 'T', panes: full }] }], starters },
    };
  });
  const server: Server = createServer((req, res) => void answer(req, res));
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://agent');
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    const body: unknown = text ? JSON.parse(text) : undefined;
    const path = url.pathname.replace(/^\/session\/v1/, '');
    const events = /^\/pane\/([^/]+)\/events$/.exec(path);
    const route = routes.get(path) ?? (events ? routes.get(ANY_PANE_EVENTS) : undefined);
    const reply =
      route?.(url, req, body) ??
      (events
        ? { status: 200, body: { epoch: state.epoch, cursor: 0, view: true, items: [], asks: [], turn: null, trimmed: false } }
        : { status: 404, body: { code: 'not-found' } });
    const out = reply.body === undefined ? '' : JSON.stringify(reply.body);
    res.writeHead(reply.status, { ...(out ? { 'content-type': 'application/json' } : {}), ...reply.headers }).end(out);
  }
  const runDir = join(folder, `run-${name}`);
  await mkdir(runDir, { mode: 0o700, recursive: true });
  const socket = join(runDir, 'agent.sock');
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  await chmod(socket, 0o600);
  return {
    source: { name, address: { kind: 'socket', path: socket } },
    routes,
    panes,
    starters,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
