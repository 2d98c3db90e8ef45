import { describe, expect, it } from 'vitest';
import type { FoundBridge } from './running-bridge';
import { describeAddress, describeState, environmentEntry, listLines } from './durable-list';
import type { AgentStatusJson } from '../control/status-json';

const TOKEN = 'list-token-8e2b4d6f0a1c3e5b7d9f1a3c5e7b9d0f';

describe('describeAddress', () => {
  it('shows a socket path, or a URL with (token set) and never the token', () => {
    expect(describeAddress({ name: 'desk', kind: 'durable', socket: '/run/a.sock' })).toBe('socket /run/a.sock');
    expect(describeAddress({ name: 'edge', kind: 'durable', url: 'https://e.example', token: TOKEN })).toBe('url https://e.example (token set)');
    expect(describeAddress({ name: 'edge', kind: 'durable', url: 'https://e.example' })).toBe('url https://e.example (no token)');
    const withPassword = describeAddress({ url: `https://me:${TOKEN}@e.example`, token: TOKEN });
    expect(withPassword).toBe('url refused: the URL may not hold a user or password (token set)');
    expect(describeAddress(7)).toBe('(not an entry)');
    expect(environmentEntry({ name: 'default', address: { kind: 'url', url: 'https://e.example', token: TOKEN } })).toEqual({
      name: 'default',
      shown: 'url https://e.example (token set) (from the environment)',
    });
  });
});

describe('describeState', () => {
  const running = (agents: AgentStatusJson[], durable = true): FoundBridge => ({
    running: true,
    file: { pid: 1, url: 'http://127.0.0.1:1/' },
    status: { pid: 1, startedAt: 1, durable, agents },
  });
  const agent = (status: AgentStatusJson['status'], reason?: string): AgentStatusJson => ({
    name: 'a',
    status,
    ...(reason ? { reason } : {}),
    counters: { reads: 0, results: {} },
  });

  it('says the bridge’s word for each state', () => {
    expect(describeState(agent('ok'), running([]))).toBe('ok');
    expect(describeState(agent('starting'), running([]))).toBe('starting');
    expect(describeState(agent('token-refused', 'token-refused'), running([]))).toBe('token-refused');
    expect(describeState(agent('unreachable', 'connection refused'), running([]))).toBe('unreachable: connection refused');
    expect(describeState(agent('version-mismatch', "The durable agent speaks wire v2, this Collie speaks v1. Update Collie, or the agent's SDK."), running([]))).toBe(
      "version-mismatch: The durable agent speaks wire v2, this Collie speaks v1. Update Collie, or the agent's SDK.",
    );
    expect(describeState(undefined, running([]))).toBe('not loaded: run collie restart');
    expect(describeState(undefined, { running: false })).toBe('bridge not running');
    expect(describeState(agent('ok'), running([], false))).toBe('durable agents are off in the running bridge');
  });
});

it('lines up three columns', () => {
  expect(
    listLines([
      { name: 'desk', shown: 'socket /a', state: 'ok' },
      { name: 'edge2', shown: 'url https://e (token set)', state: 'starting' },
    ]),
  ).toEqual(['desk   socket /a                  ok', 'edge2  url https://e (token set)  starting']);
});
