import type { ChatStore } from '../stores/chat-store';
import type { LazyStore } from '../stores/lazy-store';
import type { ChatProps } from './chat/chat-screen';
import { lazyScreen } from './lazy-screen';
import { useLazyStore } from './use-lazy-store';

const ChatScreen = lazyScreen(() => import('./chat/chat-screen').then((m) => m.ChatScreen));

/**
 * An open conversation. The chat is read from the moment the route names it (first-read.ts); the
 * screen's code and its store's (a large part of the app) load beside that read, not before the
 * app's first screen.
 */
export function ChatView(props: Omit<ChatProps, 'store'> & { chat: LazyStore<ChatStore> }) {
  const { chat, agentName, paneId } = props;
  // The screen's code and its store's load side by side: one wait on a phone's link, not two.
  void ChatScreen.preload();
  const store = useLazyStore(chat, (loaded) => loaded.show(agentName, paneId), [agentName, paneId]);
  return store ? <ChatScreen {...props} store={store} /> : null;
}
