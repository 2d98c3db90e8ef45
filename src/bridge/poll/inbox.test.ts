import { describe, expect, it } from 'vitest';
import type { Ask, Snapshot } from '../../wire/types';
import { AgentStore } from './agent-store';
import { inboxOf } from './inbox';

const ask = (id: string, createdAt?: string): Ask => ({ id, revision: 1, toolCallId: id, kind: 'text', title: `Question ${id}`, ...(createdAt ? { createdAt } : {}) });

function storeWith(name: string, asks: Ask[], status: AgentStore['status'] = 'ok'): AgentStore {
  const store = new AgentStore(name, 'here');
  const snapshot: Snapshot = {
    epoch: 'e',
    rev: 1,
    starters: [],
    workspaces: [{ id: 'w', title: 'W', tabs: [{ id: 't', title: 'T', panes: [{ id: 'p', title: 'Work', state: 'waiting', turn: null, asks, belt: [], cursor: 0 }] }] }],
  };
  store.setSnapshot(snapshot);
  store.setStatus(status);
  return store;
}

describe('the inbox', () => {
  it('sorts by when each ask was raised; undated asks follow, in the order they are listed', () => {
    const stores = [storeWith('a', [ask('a1'), ask('a2', '2025-01-01T00:00:02Z')]), storeWith('b', [ask('b1', '2025-01-01T00:00:01Z'), ask('b2')])];
    expect(inboxOf(stores).map((row) => `${row.agent}/${row.askId}`)).toEqual(['b/b1', 'a/a2', 'a/a1', 'b/b2']);
  });

  it('leaves out agents that do not answer now', () => {
    const stores = [storeWith('a', [ask('a1')], 'unreachable'), storeWith('b', [ask('b1')], 'starting'), storeWith('c', [ask('c1')])];
    expect(inboxOf(stores).map((row) => row.agent)).toEqual(['c']);
  });
});
