import type { AgentHandle } from '../agent-handle';
import type { CrewActs } from '../crew/crew-acts';
import type { CrewViews } from '../crew/crew-views';
import { HttpError } from '../http/http-error';
import type { AgentSource } from './agent-source';
import { memberAgent } from './member-agent';
import { polledAgent } from './polled-agent';

/** Where a bridge's agents are: its own, and on the lead of a crew its members'. */
export interface AgentPlaces {
  agents: ReadonlyMap<string, AgentHandle>;
  crewViews?: CrewViews;
  crewActs?: CrewActs;
}

/** The agent a phone's request names, wherever it runs; a name no agent has is a 404 `no-such-agent`. */
export function findAgent({ agents, crewViews, crewActs }: AgentPlaces, name: string | undefined): AgentSource {
  const handle = name === undefined ? undefined : agents.get(name);
  if (handle) return polledAgent(handle);
  // A member's agent is `<agent>@<label>`: the lead's own names hold no `@`.
  if (name !== undefined && crewViews && crewActs && crewViews.find(name)) return memberAgent(name, crewViews, crewActs);
  throw new HttpError(404, 'no-such-agent', 'no durable agent has this name');
}
