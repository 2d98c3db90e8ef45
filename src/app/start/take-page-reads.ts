import { START_WAITS } from './waits';

/**
 * Where the page's own script (../vite-plugins/page-reads-script.ts) leaves the reads it made as
 * the page was read, before the app's code had come: by address, when asked and the reply to come.
 */
export const PAGE_READS = '__colliePageReads';

export interface PageRead {
  /** performance.now() when it was asked for. */
  at: number;
  reply: Promise<Response>;
}

type PageReads = Record<string, PageRead | undefined>;

/**
 * The page's early read of `url`, taken once, in place of a new request: only for a plain read
 * (GET, no headers, nothing to abort it) and only while it is fresh (START_WAITS.earlyReadKeepMs, as
 * the app's own first read). Anything else goes to the network as asked.
 */
export function takePageRead(url: string, init: RequestInit | undefined, reads: PageReads | undefined = pageReads(), now = performance.now()): Promise<Response> | null {
  const read = reads?.[url];
  if (!read || !reads) return null;
  // Gone once looked at: a later read of the same address is a new one.
  delete reads[url];
  const plain = (init?.method ?? 'GET') === 'GET' && !init?.signal && new Headers(init?.headers).keys().next().done === true;
  return plain && now - read.at <= START_WAITS.earlyReadKeepMs ? read.reply : null;
}

const pageReads = (): PageReads | undefined => (globalThis as unknown as Record<string, PageReads | undefined>)[PAGE_READS];

/** `fetch`, taking the page's early read of an address where there is one. */
export const fetchTakingPageReads: typeof fetch = (input, init) => takePageRead(String(input), init) ?? fetch(input, init);
