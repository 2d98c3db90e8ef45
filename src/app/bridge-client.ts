import type { AgentJson, AskReply, AskRequest, ChatJson, DashboardJson } from '../wire/bridge-json';

/** A JSON read that tells "nothing changed" (ETag) apart from new data. */
export type Fetched<T> = { changed: true; data: T; etag: string | null } | { changed: false };

export class BridgeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface BridgeClient {
  dashboard(etag?: string | null): Promise<Fetched<DashboardJson>>;
  agent(name: string, etag?: string | null): Promise<Fetched<AgentJson>>;
  chat(agent: string, paneId: string, etag?: string | null): Promise<Fetched<ChatJson>>;
  answer(askId: string, request: AskRequest): Promise<AskReply>;
}

/** The phone's only way to the bridge: same-origin JSON. */
export function createBridgeClient(base = '', fetcher: typeof fetch = (...args) => fetch(...args)): BridgeClient {
  async function get<T>(path: string, etag?: string | null): Promise<Fetched<T>> {
    const headers: Record<string, string> = etag ? { 'if-none-match': etag } : {};
    const res = await fetcher(`${base}${path}`, { headers, cache: 'no-store' });
    if (res.status === 304) return { changed: false };
    if (!res.ok) throw await errorOf(res);
    return { changed: true, data: (await res.json()) as T, etag: res.headers.get('etag') };
  }
  const seg = encodeURIComponent;
  return {
    dashboard: (etag) => get('/api/dashboard', etag),
    agent: (name, etag) => get(`/api/agents/${seg(name)}`, etag),
    chat: (agent, paneId, etag) => get(`/api/agents/${seg(agent)}/panes/${seg(paneId)}`, etag),
    async answer(askId, request) {
      const res = await fetcher(`${base}/api/ask/${seg(askId)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
      if (!res.ok) throw await errorOf(res);
      return (await res.json()) as AskReply;
    },
  };
}

async function errorOf(res: Response): Promise<BridgeHttpError> {
  const body = (await res.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
  const code = typeof body?.code === 'string' ? body.code : 'http-error';
  const message = typeof body?.message === 'string' ? body.message : `the bridge answered ${res.status}`;
  return new BridgeHttpError(res.status, code, message);
}
