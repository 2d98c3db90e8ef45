import type { ActsStore } from '../stores/acts-store';
import type { HistoryStore } from '../stores/history-store';
import type { LazyStore } from '../stores/lazy-store';
import type { ClosedChatProps } from './chat/closed-chat-screen';
import { lazyScreen } from './lazy-screen';
import { useLazyStore } from './use-lazy-store';

const ClosedChatScreen = lazyScreen(() => import('./chat/closed-chat-screen').then((m) => m.ClosedChatScreen));
/** Starts loading the screen's code before the screen is drawn (start/load-code-early.ts). */
export const preloadClosedChatScreen = (): Promise<void> => ClosedChatScreen.preload();

/** A closed conversation: read from the agent's history at once, drawn once its screen's, its store's and the acts' code have loaded. */
export function ClosedChatView(props: Omit<ClosedChatProps, 'store' | 'acts'> & { history: LazyStore<HistoryStore>; acts: ActsStore | null }) {
  const { history, acts, agentName, conversationId } = props;
  // The screen's code and its store's load side by side: one wait on a phone's link, not two.
  void ClosedChatScreen.preload();
  const store = useLazyStore(history, (loaded) => loaded.show(agentName, conversationId), [agentName, conversationId]);
  return store && acts ? <ClosedChatScreen {...props} store={store} acts={acts} /> : null;
}
