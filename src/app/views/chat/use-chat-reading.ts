import type { RefObject } from 'preact';
import type { ChatStore } from '../../stores/chat-store';
import type { GivenAnswer } from '../../stores/given-answer';
import { indexOfKey } from '../../stores/unread';
import { useChatScroll, type ChatScroll } from './chat-scroll';

export interface ChatReading {
  scroll: ChatScroll;
  /** Where the unread divider is drawn (an index into the entries), or null. */
  unreadAt: number | null;
  /** What this phone answered, by ask id, for the decision lines. */
  given: ReadonlyMap<string, GivenAnswer>;
}

/**
 * How the person reads an open chat: where they left off (the unread divider, and the chat opening
 * there), where they are now (the jump-to-latest button and its count, what counts as seen), and
 * their own answers shown back. `atCard`: the chat opens at a card (a link from the inbox), not at
 * the divider; `foundAt`: at a search's entry (an index into the entries), once it is there.
 */
export function useChatReading(store: ChatStore, end: RefObject<HTMLElement | null>, chat: string, atCard: boolean, foundAt: number | null = null): ChatReading {
  const entries = store.entries.value;
  const divider = indexOfKey(entries, store.unread.value);
  const unreadAt = divider < 0 ? null : divider;
  const scroll = useChatScroll(end, { chat, entries, seenAtOpen: store.seenAtOpen.value, unreadAt: foundAt ?? (atCard ? null : unreadAt), onSeen: store.markSeen });
  return { scroll, unreadAt, given: store.given.value };
}
