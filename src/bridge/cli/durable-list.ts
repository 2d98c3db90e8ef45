import { isRecord } from '../../wire/read';
import type { FoundBridge } from './running-bridge';
import type { AgentSource } from '../config/config';
import { checkUrl } from '../config/source-rules';
import type { AgentStatusJson } from '../control/status-json';

/** How an address shows in `collie durable list`: a token only ever as `(token set)`. */
export function describeAddress(entry: unknown): string {
  if (!isRecord(entry)) return '(not an entry)';
  if (typeof entry.socket === 'string') return `socket ${entry.socket}`;
  if (typeof entry.url !== 'string') return '(no socket or url)';
  const token = typeof entry.token === 'string' && entry.token.trim() !== '' ? '(token set)' : '(no token)';
  // A hand-written URL the rules refuse may hold a password: show why, not the URL.
  const refused = checkUrl(entry.url);
  return refused ? `url refused: ${refused} ${token}` : `url ${entry.url} ${token}`;
}

/** The environment agent as an entry-like record, so it lists like the others. */
export function environmentEntry(agent: AgentSource): { name: string; shown: string } {
  const address = agent.address;
  if (!address) return { name: agent.name, shown: '(from the environment)' };
  const shown = address.kind === 'socket' ? describeAddress({ socket: address.path }) : describeAddress({ url: address.url, token: address.token });
  return { name: agent.name, shown: `${shown} (from the environment)` };
}

/** One agent's state as the running bridge reports it. */
export function describeState(agent: AgentStatusJson | undefined, bridge: FoundBridge): string {
  if (!bridge.running) return 'bridge not running';
  if (!bridge.status.durable) return 'durable agents are off in the running bridge';
  if (!agent) return 'not loaded: run collie restart';
  switch (agent.status) {
    case 'ok':
    case 'starting':
    case 'token-refused':
      return agent.status;
    default:
      return agent.reason ? `${agent.status}: ${agent.reason}` : agent.status;
  }
}

/** Lines in three columns: name, address, state. */
export function listLines(rows: { name: string; shown: string; state: string }[]): string[] {
  const nameWidth = Math.max(...rows.map((r) => r.name.length));
  const shownWidth = Math.max(...rows.map((r) => r.shown.length));
  return rows.map((r) => `${r.name.padEnd(nameWidth)}  ${r.shown.padEnd(shownWidth)}  ${r.state}`);
}
