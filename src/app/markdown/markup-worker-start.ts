let started: Worker | null | undefined;

/**
 * The markup worker (markup-worker.ts), started once. A chat's first code starts it while the app
 * is still starting (start/load-code-early.ts), so its script loads and marked starts beside the chat's own
 * code and data, not after them. Null where the browser has no workers; throws where it refuses one.
 */
export function markupWorker(): Worker | null {
  started ??= typeof Worker === 'undefined' ? null : new Worker(new URL('./markup-worker.ts', import.meta.url), { type: 'module' });
  return started;
}
