import { pathOf } from '../../wire/phone-routes';
import { parseSearch } from '../../wire/parse-search';
import type { SearchConversation } from '../../wire/search-json';
import type { Crew } from './crew';
import { crewName } from '../../wire/agent-name';
import type { CrewViews } from './crew-views';

/**
 * A search on the lead of a crew, over its members: each member's bridge searches what it holds
 * (its own agents, open and closed), and the lead names each member's agent `<agent>@<label>`
 * with its machine. A member that does not answer (or answers badly) is named in `unreached`.
 */
export async function searchMembers(crew: Crew, views: CrewViews, query: string): Promise<{ conversations: SearchConversation[]; unreached: string[] }> {
  const conversations: SearchConversation[] = [];
  const unreached: string[] = [];
  await Promise.all(
    crew.members.map(async (member) => {
      try {
        const found = await views.once(member, `${pathOf('search', {})}?q=${encodeURIComponent(query)}`, parseSearch);
        for (const c of found.conversations) conversations.push({ ...c, agent: crewName(c.agent, member.label), machine: member.label });
        for (const name of found.unreached) unreached.push(crewName(name, member.label));
      } catch {
        unreached.push(member.label);
      }
    }),
  );
  return { conversations, unreached };
}
