import type { Route } from '../routes';
import { START_WAITS } from './waits';

/**
 * Whether the first screen draws its content after its first render, and says when it has
 * (firstContentDrawn): a chat, open or closed, whose rows wait for its code and their markup.
 * The other screens draw theirs in their first render, or draw little.
 */
export const drawsItsContentLater = (route: Route | null): boolean => route?.screen === 'chat' || route?.screen === 'closed';

let drawn!: () => void;
const contentDrawn = new Promise<void>((resolve) => (drawn = resolve));

/**
 * Said by a chat once its first rows have been painted with their markup (views/chat/chat-log.tsx,
 * told through the RowsPainted context that sequence.tsx provides); said again, or by a later
 * chat, it changes nothing.
 */
export function firstContentDrawn(): void {
  drawn();
}

/**
 * Runs `then` (sequence.tsx: the worker's install and precache, the push store, the acts' code)
 * once the first screen's content has been painted (for a screen that draws it in its first
 * render, at once; a chat's at most START_WAITS.chatRowsMaxMs) and the browser is then idle (at
 * most START_WAITS.idleMaxMs). Run beside a chat's opening, that work
 * took the other threads while the chat laid out its first rows: the worker's install fetched and
 * stored every file, and on few cores the opening's frame waited for a core far longer than it
 * ran (figures: docs/performance.md).
 */
export function afterFirstContent(route: Route | null, then: () => void, maxMs: number = START_WAITS.chatRowsMaxMs): void {
  const painted = drawsItsContentLater(route) ? Promise.race([contentDrawn, new Promise<void>((resolve) => setTimeout(resolve, maxMs))]) : Promise.resolve();
  void painted.then(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(then, { timeout: START_WAITS.idleMaxMs });
    else setTimeout(then, 0);
  });
}
