import { useEffect } from 'preact/hooks';
import type { ChatProps } from './chat/chat-screen';
import { lazyScreen } from './lazy-screen';

const ChatScreen = lazyScreen(() => import('./chat/chat-screen').then((m) => m.ChatScreen));

/**
 * An open conversation. The chat is read from the moment the route names it; the screen's code
 * (a large part of the app) loads beside that read, not before the app's first screen.
 */
export function ChatView(props: ChatProps) {
  const { store, agentName, paneId } = props;
  useEffect(() => store.show(agentName, paneId), [store, agentName, paneId]);
  return <ChatScreen {...props} />;
}
