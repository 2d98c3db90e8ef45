import type { ActsStore } from '../stores/acts-store';
import type { ChatStore } from '../stores/chat-store';
import type { LazyStore } from '../stores/lazy-store';
import type { ChatProps } from './chat/chat-screen';
import { lazyScreen } from './lazy-screen';
import { useLazyStore } from './use-lazy-store';

const ChatScreen = lazyScreen(() => import('./chat/chat-screen').then((m) => m.ChatScreen));
/** Starts loading the screen's code before the screen is drawn (start/load-code-early.ts). */
export const preloadChatScreen = (): Promise<void> => ChatScreen.preload();

/**
 * An open conversation. The chat is read from the moment the route names it (start/read-data-early.ts); the
 * screen's code and its store's (a large part of the app) load beside that read, not before the
 * app's first screen; the acts' code (`acts`, null until loaded) beside them.
 */
export function ChatView(props: Omit<ChatProps, 'store' | 'acts'> & { chat: LazyStore<ChatStore>; acts: ActsStore | null }) {
  const { chat, acts, agentName, paneId } = props;
  // The screen's code and its store's load side by side: one wait on a phone's link, not two.
  void ChatScreen.preload();
  const store = useLazyStore(chat, (loaded) => loaded.show(agentName, paneId), [agentName, paneId]);
  return store && acts ? <ChatScreen {...props} store={store} acts={acts} /> : null;
}
