import { markupWorker } from '../markdown/markup-worker-start';
import type { Route } from '../routes';
import type { AppStores } from '../app-stores';
import { preloadChatScreen } from '../views/chat-view';
import { preloadClosedChatScreen } from '../views/closed-chat-view';

/**
 * The first screen's code, asked for while the app is still starting, beside its data
 * (read-data-early.ts). Left to the screen, a chat's code came four deep, each piece asked for only
 * once the one before had run: the pairing check, then the screen, then its store, then the
 * markup worker its first rows wait for (on a phone's link, a round trip each). Only the screens
 * that read a conversation: the others' code is one chunk their first render asks for at once.
 * Nobody waits on these loads; a load that fails is the screen's to try again and to report.
 */
export function loadFirstCode(route: Route, stores: Pick<AppStores, 'chat' | 'history' | 'acts'>): void {
  const chat = route.screen === 'chat';
  if (!chat && route.screen !== 'closed') return;
  try {
    markupWorker(); // first: its script is asked for before the others
  } catch {
    // The maker makes markup on this thread instead (markup-maker.ts).
  }
  const loads = [
    chat ? preloadChatScreen() : preloadClosedChatScreen(),
    (chat ? stores.chat : stores.history).load(),
    stores.acts.load(),
    // The markup worker and the sanitiser (markdown/markup.ts): the chat's rows wait for them. The
    // sanitiser is asked for here too, not only once the maker's own chunk has come: one round trip, not two.
    import('../markdown/markup').then((m) => m.markup.warm()),
    import('../markdown/sanitize-markup'),
  ];
  for (const load of loads) load.catch(() => {});
}
