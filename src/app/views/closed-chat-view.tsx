import { useEffect } from 'preact/hooks';
import type { ClosedChatProps } from './chat/closed-chat-screen';
import { lazyScreen } from './lazy-screen';

const ClosedChatScreen = lazyScreen(() => import('./chat/closed-chat-screen').then((m) => m.ClosedChatScreen));

/** A closed conversation: read from the agent's history at once, drawn once its screen's code has loaded. */
export function ClosedChatView(props: ClosedChatProps) {
  const { store, agentName, conversationId } = props;
  useEffect(() => store.show(agentName, conversationId), [store, agentName, conversationId]);
  return <ClosedChatScreen {...props} />;
}
