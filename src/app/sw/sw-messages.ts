/** What the page and the service worker say to each other, in one place for both. */

/** Where the build writes the worker (vite.config.ts names its source `service-worker.ts`). */
export const SERVICE_WORKER_URL = '/service-worker.js';

/** The page's word that the person tapped Reload: the waiting version takes over. (workbox-window's `messageSkipWaiting` sends this.) */
export const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

export function isSkipWaiting(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING.type;
}
