import { expect, it } from 'vitest';
import type { AgentHandle } from '../agent-handle';
import { AgentStore } from '../poll/agent-store';
import { parseStatusJson, statusJson } from './status-json';

it('gives each agent’s state and counters, and reads itself back', () => {
  const desk = new AgentStore('desk', 'here');
  desk.setStatus('ok');
  desk.counters.reads = 12;
  desk.countResult('taken');
  desk.countResult('taken');
  desk.countResult('stale');
  const edge = new AgentStore('edge', 'elsewhere');
  edge.setStatus('unreachable', 'no reply within 5000 ms');
  const agents = new Map<string, AgentHandle>([
    ['desk', { store: desk } as AgentHandle],
    ['edge', { store: edge } as AgentHandle],
  ]);
  const json = statusJson(agents, true, 1234);
  expect(json).toEqual({
    pid: process.pid,
    startedAt: 1234,
    durable: true,
    agents: [
      { name: 'desk', status: 'ok', counters: { reads: 12, results: { taken: 2, stale: 1 } } },
      { name: 'edge', status: 'unreachable', reason: 'no reply within 5000 ms', counters: { reads: 0, results: {} } },
    ],
  });
  expect(parseStatusJson(JSON.parse(JSON.stringify(json)))).toEqual(json);
  expect(parseStatusJson({ durable: true, agents: [] })).toBeNull();
  expect(parseStatusJson('ok')).toBeNull();
});
