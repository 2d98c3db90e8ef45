import { panesOf } from '../../wire/parse-snapshot';
import { SEARCH_LIMITS, type SearchConversation, type SearchJson } from '../../wire/search-json';
import { matchConversation, newestFirst } from '../../wire/search-match';
import { queryTerms } from '../../wire/search-text';
import type { AgentHandle } from '../agent-handle';
import type { Crew } from '../crew/crew';
import { searchMembers } from '../crew/crew-search';
import type { CrewViews } from '../crew/crew-views';
import { closedConversations } from './closed-shelf';

/**
 * One search over what this bridge holds and what its agents' history gives: every open
 * conversation's entries as the bridge keeps them, the most recently closed conversations of each
 * agent that keeps history (closed-shelf.ts), and, on the lead of a crew, each member's own search.
 * An agent or member that does not answer in time is named in `unreached`; the rest still count.
 */
export async function searchAll(agents: ReadonlyMap<string, AgentHandle>, crew: { crew: Crew; views: CrewViews } | undefined, query: string): Promise<SearchJson> {
  const terms = queryTerms(query);
  if (terms.length === 0) return { query, conversations: [], unreached: [], more: false };
  const found: SearchConversation[] = [];
  const unreached: string[] = [];
  const waits: Promise<void>[] = [];
  for (const [name, handle] of agents) {
    found.push(...openMatches(name, handle, terms));
    if (!handle.store.hello?.caps.history || handle.store.status !== 'ok') continue;
    waits.push(
      inTime(closedConversations(handle)).then(
        (closed) => {
          for (const c of closed) {
            const match = matchConversation({ agent: name, place: { open: false, conversationId: c.id }, title: c.title, ...(c.at ? { activeAt: c.at } : {}) }, c.entries, terms);
            if (match) found.push(match);
          }
        },
        () => void unreached.push(name),
      ),
    );
  }
  if (crew) {
    waits.push(
      searchMembers(crew.crew, crew.views, query).then(({ conversations, unreached: members }) => {
        found.push(...conversations);
        unreached.push(...members);
      }),
    );
  }
  await Promise.all(waits);
  return { query, ...newestFirst(found), unreached };
}

function openMatches(name: string, handle: AgentHandle, terms: readonly string[]): SearchConversation[] {
  const snapshot = handle.store.snapshot;
  if (!snapshot) return [];
  const matches: SearchConversation[] = [];
  for (const { pane } of panesOf(snapshot)) {
    const entries = handle.store.panes.get(pane.id)?.entries ?? [];
    const match = matchConversation({ agent: name, place: { open: true, paneId: pane.id }, title: pane.title }, entries, terms);
    if (match) matches.push(match);
  }
  return matches;
}

function inTime<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('late')), SEARCH_LIMITS.closedWaitMs);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
