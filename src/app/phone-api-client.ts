import type { AgentJson, ChatJson, ChatReplyJson, ClosedPageJson, DashboardJson, HistoryJson } from '../wire/bridge-json';
import type { ActReply, ActRequest, AskReply, AskRequest } from '../wire/write-json';
import type { DeviceJson, PairRequest, PairReply, PairingDecisionReply } from '../wire/pairing-json';
import { actRoute, answerRoute, pathOf } from '../wire/phone-routes';

/** A JSON read that tells "nothing changed" (ETag) apart from new data. */
export type Fetched<T> =
  | {
      changed: true;
      data: T;
      etag: string | null;
      /** Made from a delta: every entry that did not change is the very object the phone held. */
      patched?: true;
    }
  | { changed: false; /** The resource is not there (any more): ask again only after a pause. */ gone?: true };

export interface ReadOptions {
  /** Long-poll: the bridge holds the read until something changes (or its own time limit). */
  wait?: boolean;
  signal?: AbortSignal;
}

export interface ChatReadOptions extends ReadOptions {
  /** The chat the phone holds at the ETag it names: the bridge may then send only what changed. */
  held?: ChatJson;
  /** Only the newest entries (`?tail=1`), with how many were left out before them (`earlier`). */
  tail?: boolean;
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
  chat(agent: string, paneId: string, etag: string | null, options?: ChatReadOptions): Promise<Fetched<ChatJson>>;
  closed(agent: string, after: string | null): Promise<ClosedPageJson>;
  history(agent: string, conversationId: string, after: string | null): Promise<HistoryJson>;
  /** Every agent's conversations searched (the reply is read as untrusted: search-store.ts). */
  search(query: string): Promise<unknown>;
  answer(askId: string, request: AskRequest): Promise<AskReply>;
  /** Every other act (send, steer, stop, belt button, starter, rename, close, reopen). */
  act(request: ActRequest): Promise<ActReply>;
  /** Trades a pairing link's secret for this phone's credential (an HttpOnly cookie the page never sees), or says to wait for a paired phone's Allow. */
  pair(request: PairRequest): Promise<PairReply>;
  /** A paired phone's answer to a device waiting to pair. */
  decidePairing(requestId: string, allow: boolean): Promise<PairingDecisionReply>;
  device(): Promise<{ device: DeviceJson }>;
  renameDevice(name: string): Promise<{ device: DeviceJson }>;
  forgetDevice(): Promise<unknown>;
}

export interface ClientOptions {
  /** Heard on every 401 `not-paired`: the phone was never paired, or was unpaired. */
  onUnpaired?: () => void;
}

/** The chat deltas' code (wire/chat-delta.ts), loaded by the first chat read that can take a delta; again after a failed load. */
let deltasLoading: Promise<typeof import('../wire/chat-delta')> | undefined;
const loadDeltas = () =>
  (deltasLoading ??= import('../wire/chat-delta').catch((err: unknown) => {
    deltasLoading = undefined;
    throw err;
  }));

/** The phone's only way to the bridge: same-origin JSON. */
export function createBridgeClient(base = '', fetchImpl: typeof fetch = (...args) => fetch(...args), options: ClientOptions = {}): BridgeClient {
  const fetcher: typeof fetch = async (...args) => {
    const res = await fetchImpl(...args);
    if (res.status === 401) options.onUnpaired?.();
    return res;
  };
  /** `delta`: the read takes a delta reply (a chat whose held copy the phone can patch). */
  async function get<T>(path: string, etag: string | null, options: ReadOptions = {}, delta = false): Promise<Fetched<T>> {
    const headers: Record<string, string> = etag ? { 'if-none-match': etag } : {};
    const query = [options.wait && etag ? 'wait=1' : '', delta && etag ? 'delta=1' : ''].filter(Boolean).join('&');
    const url = query ? `${base}${path}${path.includes('?') ? '&' : '?'}${query}` : `${base}${path}`;
    const res = await fetcher(url, { headers, cache: 'no-store', ...(options.signal ? { signal: options.signal } : {}) });
    if (res.status === 304) return { changed: false };
    if (!res.ok) throw await errorOf(res);
    return { changed: true, data: (await res.json()) as T, etag: res.headers.get('etag') };
  }
  async function chat(agent: string, paneId: string, etag: string | null, options: ChatReadOptions = {}): Promise<Fetched<ChatJson>> {
    const { held, tail, ...read } = options;
    const path = `${pathOf('chat', { agent, paneId })}${tail ? '?tail=1' : ''}`;
    // Deltas come only to a chat on screen, read again: their code loads beside that read, not with the first screen.
    const deltas = held !== undefined ? loadDeltas() : null;
    deltas?.catch(() => undefined); // awaited below only when a delta came
    const result = await get<ChatReplyJson>(path, etag, read, held !== undefined);
    const body: unknown = result.changed ? result.data : null;
    if (!result.changed || typeof body !== 'object' || body === null || !('delta' in body)) return result as Fetched<ChatJson>;
    const { parseChatDelta, applyChatDelta } = await (deltas ?? loadDeltas());
    const delta = parseChatDelta(result.data);
    const patched = delta && held && etag ? applyChatDelta(held, etag, delta) : null;
    if (patched) return { changed: true, data: patched, etag: result.etag, patched: true };
    // A delta this phone cannot apply (malformed, or for another copy): the whole view instead.
    return get<ChatJson>(path, null, { signal: read.signal });
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
    chat,
    closed: (agent, cursor) => getOnce(`${pathOf('closed', { agent })}${after(cursor)}`),
    history: (agent, conversationId, cursor) => getOnce(`${pathOf('history', { agent, conversationId })}${after(cursor)}`),
    search: (query) => getOnce(`${pathOf('search', {})}?q=${encodeURIComponent(query)}`),
    answer(askId, request) {
      const route = answerRoute(askId, request);
      return post<AskReply>(route.path, route.body);
    },
    act(request) {
      const route = actRoute(request);
      return post<ActReply>(route.path, route.body);
    },
    pair: (request) => post(pathOf('pair', {}), request),
    decidePairing: (requestId, allow) => post(pathOf('pairingDecide', { requestId }), { allow }),
    device: () => getOnce(pathOf('device', {})),
    renameDevice: (name) => post(pathOf('deviceRename', {}), { name }),
    forgetDevice: () => post(pathOf('deviceForget', {}), {}),
  };
}

/** The bridge's JSON error body as an error: the one reading of it, for every route the phone calls. */
export async function errorOf(res: Response): Promise<BridgeHttpError> {
  const body = (await res.json().catch(() => null)) as { code?: unknown; message?: unknown; retryAfter?: unknown } | null;
  const code = typeof body?.code === 'string' ? body.code : 'http-error';
  const message = typeof body?.message === 'string' ? body.message : `the bridge answered ${res.status}`;
  return new BridgeHttpError(res.status, code, message, typeof body?.retryAfter === 'number' ? body.retryAfter : undefined);
}
