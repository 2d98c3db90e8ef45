import { useEffect } from 'preact/hooks';
import type { HistoryStore } from '../stores/history-store';
import type { LazyStore } from '../stores/lazy-store';
import type { ClosedChatProps } from './chat/closed-chat-screen';
import { lazyScreen } from './lazy-screen';

const ClosedChatScreen = lazyScreen(() => import('./chat/closed-chat-screen').then((m) => m.ClosedChatScreen));

/** A closed conversation: read from the agent's history at once, drawn once its screen's and its store's code have loaded. */
export function ClosedChatView(props: Omit<ClosedChatProps, 'store'> & { history: LazyStore<HistoryStore> }) {
  const { history, agentName, conversationId } = props;
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    void history.load().then(
      (store) => {
        if (live) stop = store.show(agentName, conversationId);
      },
      () => undefined, // its code did not load (offline, not yet kept): the next visit tries again
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [history, agentName, conversationId]);
  const store = history.store.value;
  return store ? <ClosedChatScreen {...props} store={store} /> : null;
}
