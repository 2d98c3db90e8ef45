import { LIMITS } from './limits';

/**
 * An agent's name (and a crew machine's label): 1–64 letters, digits, "-" or "_", starting with a
 * letter or digit. It is a path segment of every phone route, so it never needs escaping.
 */
const NAME = new RegExp(`^[A-Za-z0-9][A-Za-z0-9_-]{0,${LIMITS.agentNameChars - 1}}$`);

export const isAgentName = (value: unknown): value is string => typeof value === 'string' && NAME.test(value);

/** `<agent>@<label>`: a crew member's agent on the lead, unique beside the lead's own (whose names hold no `@`). */
export const crewName = (agent: string, label: string) => `${agent}@${label}`;

/** The agent and machine label of a crew name, or null when `name` is not one. */
export function splitCrewName(name: string): { agent: string; label: string } | null {
  const at = name.lastIndexOf('@');
  const agent = name.slice(0, at);
  const label = name.slice(at + 1);
  return at > 0 && isAgentName(agent) && isAgentName(label) ? { agent, label } : null;
}
