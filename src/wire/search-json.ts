/**
 * The phone API's search reply (`GET /api/search?q=`): the conversations whose title or entries
 * hold every term of the query, newest first, each with a few hits and the words around them.
 */

/** Where a hit lies: an open conversation (by its pane) or a closed one (by its conversation id). */
export type SearchPlace = { open: true; paneId: string } | { open: false; conversationId: string };

export interface SearchHit {
  /** The entry to open the chat at; absent when only the title matched. */
  entryId?: string;
  at?: string;
  /** A line of context, and the matched words in it (UTF-16 ranges). */
  text: string;
  marks: [number, number][];
}

export interface SearchConversation {
  /** The agent as the phone names it (`<agent>@<label>` for a crew member's). */
  agent: string;
  /** The crew member's label, for a member's agent. */
  machine?: string;
  place: SearchPlace;
  title: string;
  titleMarks: [number, number][];
  /** The newest matching entries, newest first (at most `SEARCH_LIMITS.hitsPerConversation`). */
  hits: SearchHit[];
  /** How many entries matched in all. */
  matched: number;
  /** The newest hit's time (or the conversation's activity), for the order. */
  at?: string;
}

export interface SearchJson {
  query: string;
  conversations: SearchConversation[];
  /** Agents (or machines) whose closed conversations could not be read this time: their open ones still count. */
  unreached: string[];
  /** More conversations matched than were sent. */
  more: boolean;
}

export const SEARCH_LIMITS = {
  hitsPerConversation: 3,
  conversations: 50,
  /** Closed conversations searched per agent: the most recently closed. */
  closedPerAgent: 20,
  /** Entries searched per closed conversation: its first pages. */
  closedEntries: 1000,
  /** Characters of words kept per closed conversation (on the bridge's shelf), and per entry. */
  closedWordsChars: 128 * 1024,
  entryWordsChars: 4096,
  /** How long a closed conversation list is trusted before it is read again (ms). */
  closedListMs: 30_000,
  /** How long a search waits for an agent's (or a crew member's) closed conversations (ms). */
  closedWaitMs: 3_000,
} as const;
