import type { AgentStatus } from '../../wire/bridge-json';
import type { AgentHandle } from '../agent-handle';

/** One agent as `collie durable list` and `collie doctor` read it: never an address or a token. */
export interface AgentStatusJson {
  name: string;
  status: AgentStatus;
  reason?: string;
  /** What the agent says it runs on (`node 20.20.2`, `bun 1.4.4`), as its hello gave it. */
  runtime?: string;
  counters: { reads: number; results: Record<string, number> };
}

/** `GET /api/status`: what the CLI asks the running bridge. */
export interface StatusJson {
  /** The bridge's process, so `collie restart` signals only a process that answered as the bridge. */
  pid: number;
  /** When this phone server started (ms); a restart changes it, so `collie restart` can see it happen. */
  startedAt: number;
  durable: boolean;
  agents: AgentStatusJson[];
}

export function statusJson(agents: Map<string, AgentHandle>, durable: boolean, startedAt: number): StatusJson {
  return {
    pid: process.pid,
    startedAt,
    durable,
    agents: [...agents.values()].map(({ store }) => {
      const row = store.row();
      const agent: AgentStatusJson = {
        name: row.name,
        status: row.status,
        counters: { reads: store.counters.reads, results: { ...store.counters.results } },
      };
      if (row.reason !== undefined) agent.reason = row.reason;
      if (row.runtime !== undefined) agent.runtime = row.runtime;
      return agent;
    }),
  };
}

/** Reads a reply of `GET /api/status`; anything else is null (some other server on that port). */
export function parseStatusJson(raw: unknown): StatusJson | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const value = raw as Partial<StatusJson>;
  if (!Number.isInteger(value.pid) || typeof value.startedAt !== 'number' || typeof value.durable !== 'boolean' || !Array.isArray(value.agents)) return null;
  const agents = value.agents.filter(
    (a): a is AgentStatusJson =>
      typeof a === 'object' &&
      a !== null &&
      typeof a.name === 'string' &&
      typeof a.status === 'string' &&
      typeof a.counters === 'object' &&
      a.counters !== null &&
      typeof a.counters.reads === 'number',
  );
  return { pid: value.pid as number, startedAt: value.startedAt, durable: value.durable, agents };
}
