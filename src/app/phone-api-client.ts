import type { ActReply, ActRequest, AgentJson, AskReply, AskRequest, ChatJson, ClosedPageJson, DashboardJson, DeviceJson, HistoryJson, PairRequest } from '../wire/bridge-json';
import { pathOf } from '../wire/phone-routes';
import { actRoute } from './act-route';

/** A JSON read that tells "nothing changed" (ETag) apart from new data. */
export type Fetched<T> =
  { changed: true; data: T; etag: string | null } | { changed: false; /** The resource is not there (any more): ask again only after a pause. */ gone?: true };

export interface ReadOptions {
  /** Long-poll: the bridge holds the read until something changes (or its own time limit). */
  wait?: boolean;
  signal?: AbortSignal;
}

export class BridgeHttpError extends Error {
  override readonly name = 'BridgeHttpError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** With 429: seconds to wait. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export interface BridgeClient {
  dashboard(etag: string | null, options?: ReadOptions): Promise<Fetched<DashboardJson>>;
  agent(name: string, etag: string | null, options?: ReadOptions): Promise<Fetched<AgentJson>>;
  chat(agent: string, paneId: string, etag: string | null, options?: ReadOptions): Promise<Fetched<ChatJson>>;
  closed(agent: string, after: string | null): Promise<ClosedPageJson>;
  history(agent: string, conversationId: string, after: string | null): Promise<HistoryJson>;
  answer(askId: string, request: AskRequest): Promise<AskReply>;
  /** Every other act (send, steer, stop, belt button, starter, rename, close, reopen). */
  act(request: ActRequest): Promise<ActReply>;
  /** Trades a pairing link's secret for this phone's credential (an HttpOnly cookie the page never sees). */
  pair(request: PairRequest): Promise<{ device: DeviceJson }>;
  device(): Promise<{ device: DeviceJson }>;
  renameDevice(name: string): Promise<{ device: DeviceJson }>;
  forgetDevice(): Promise<unknown>;
}

export interface ClientOptions {
  /** Heard on every 401 `not-paired`: the phone was never paired, or was unpaired. */
  onUnpaired?: () => void;
}

/** The phone's only way to the bridge: same-origin JSON. */
export function createBridgeClient(base = '', fetchImpl: typeof fetch = (...args) => fetch(...args), options: ClientOptions = {}): BridgeClient {
  const fetcher: typeof fetch = async (...args) => {
    const res = await fetchImpl(...args);
    if (res.status === 401) options.onUnpaired?.();
    return res;
  };
  async function get<T>(path: string, etag: string | null, options: ReadOptions = {}): Promise<Fetched<T>> {
    const headers: Record<string, string> = etag ? { 'if-none-match': etag } : {};
    const url = options.wait && etag ? `${base}${path}${path.includes('?') ? '&' : '?'}wait=1` : `${base}${path}`;
    const res = await fetcher(url, { headers, cache: 'no-store', ...(options.signal ? { signal: options.signal } : {}) });
    if (res.status === 304) return { changed: false };
    if (!res.ok) throw await errorOf(res);
    return { changed: true, data: (await res.json()) as T, etag: res.headers.get('etag') };
  }
  async function getOnce<T>(path: string): Promise<T> {
    const res = await fetcher(`${base}${path}`, { cache: 'no-store' });
    if (!res.ok) throw await errorOf(res);
    return (await res.json()) as T;
  }
  async function post<T>(path: string, body: unknown): Promise<T> {
    const res = await fetcher(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw await errorOf(res);
    return (await res.json()) as T;
  }
  const after = (cursor: string | null) => (cursor ? `?after=${encodeURIComponent(cursor)}` : '');
  return {
    dashboard: (etag, options) => get(pathOf('dashboard', {}), etag, options),
    agent: (name, etag, options) => get(pathOf('agent', { agent: name }), etag, options),
    chat: (agent, paneId, etag, options) => get(pathOf('chat', { agent, paneId }), etag, options),
    closed: (agent, cursor) => getOnce(`${pathOf('closed', { agent })}${after(cursor)}`),
    history: (agent, conversationId, cursor) => getOnce(`${pathOf('history', { agent, conversationId })}${after(cursor)}`),
    answer: (askId, request) => post<AskReply>(pathOf('answer', { askId }), request),
    act(request) {
      const route = actRoute(request);
      return post<ActReply>(route.path, route.body);
    },
    pair: (request) => post(pathOf('pair', {}), request),
    device: () => getOnce(pathOf('device', {})),
    renameDevice: (name) => post(pathOf('deviceRename', {}), { name }),
    forgetDevice: () => post(pathOf('deviceForget', {}), {}),
  };
}

async function errorOf(res: Response): Promise<BridgeHttpError> {
  const body = (await res.json().catch(() => null)) as { code?: unknown; message?: unknown; retryAfter?: unknown } | null;
  const code = typeof body?.code === 'string' ? body.code : 'http-error';
  const message = typeof body?.message === 'string' ? body.message : `the bridge answered ${res.status}`;
  return new BridgeHttpError(res.status, code, message, typeof body?.retryAfter === 'number' ? body.retryAfter : undefined);
}
