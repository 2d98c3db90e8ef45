import { FIRST_READ_KEEP_MS } from './first-read';

/**
 * Where the page's own script (build/first-asks.ts) leaves the reads it made as the page was read,
 * before the app's code had come: by address, when asked and the reply to come.
 */
export const EARLY_ASKS = '__collieEarlyAsks';

export interface EarlyAsk {
  /** performance.now() when it was asked for. */
  at: number;
  reply: Promise<Response>;
}

type EarlyAsks = Record<string, EarlyAsk | undefined>;

/**
 * The page's early read of `url`, taken once, in place of a new request: only for a plain read
 * (GET, no headers, nothing to abort it) and only while it is fresh (FIRST_READ_KEEP_MS, as the
 * app's own first read). Anything else goes to the network as asked.
 */
export function takeEarlyAsk(url: string, init: RequestInit | undefined, asks: EarlyAsks | undefined = earlyAsks(), now = performance.now()): Promise<Response> | null {
  const ask = asks?.[url];
  if (!ask || !asks) return null;
  // Gone once looked at: a later read of the same address is a new one.
  delete asks[url];
  const plain = (init?.method ?? 'GET') === 'GET' && !init?.signal && new Headers(init?.headers).keys().next().done === true;
  return plain && now - ask.at <= FIRST_READ_KEEP_MS ? ask.reply : null;
}

const earlyAsks = (): EarlyAsks | undefined => (globalThis as unknown as Record<string, EarlyAsks | undefined>)[EARLY_ASKS];

/** `fetch`, taking the page's early read of an address where there is one. */
export const fetchTakingEarlyAsks: typeof fetch = (input, init) => takeEarlyAsk(String(input), init) ?? fetch(input, init);
