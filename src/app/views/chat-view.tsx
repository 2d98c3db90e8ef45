import { useEffect } from 'preact/hooks';
import type { ChatStore } from '../stores/chat-store';
import type { LazyStore } from '../stores/lazy-store';
import type { ChatProps } from './chat/chat-screen';
import { lazyScreen } from './lazy-screen';

const ChatScreen = lazyScreen(() => import('./chat/chat-screen').then((m) => m.ChatScreen));

/**
 * An open conversation. The chat is read from the moment the route names it (first-read.ts); the
 * screen's code and its store's (a large part of the app) load beside that read, not before the
 * app's first screen.
 */
export function ChatView(props: Omit<ChatProps, 'store'> & { chat: LazyStore<ChatStore> }) {
  const { chat, agentName, paneId } = props;
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    void chat.load().then(
      (store) => {
        if (live) stop = store.show(agentName, paneId);
      },
      () => undefined, // its code did not load (offline, not yet kept): the next visit tries again
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [chat, agentName, paneId]);
  const store = chat.store.value;
  return store ? <ChatScreen {...props} store={store} /> : null;
}
