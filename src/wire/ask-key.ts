/**
 * The phone's one key for an ask: its agent and its id together. An ask id is a hash of pane id
 * and tool call id only, so two copies of one agent program raise asks with the same id; keyed by
 * id alone, an answer to one agent's card would settle (or retry) the other agent's card.
 * JSON keeps the pair unambiguous whatever characters the agent name or the id holds.
 */
export function askKey(agent: string, askId: string): string {
  return JSON.stringify([agent, askId]);
}

/** An ask's hash as the bridge makes it (`askHash`: 32 hex digits); the phone sends it back with its answer. */
export const isAskHash = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{32}$/.test(value);
