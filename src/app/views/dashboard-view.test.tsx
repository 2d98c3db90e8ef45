// @vitest-environment jsdom
import { computed, signal } from '@preact/signals';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentRow, InboxAsk } from '../../wire/bridge-json';
import type { ConnectionStore } from '../stores/connection-store';
import type { DashboardStore } from '../stores/dashboard-store';
import { agentRow, mount, type Mounted } from './testing/acts-rig';
import { DashboardView } from './dashboard-view';

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const connection: ConnectionStore = { state: signal('live'), updatedAt: signal(null), report: () => {}, showingKept: () => {}, start: () => () => {} };

function store(inbox: InboxAsk[]): DashboardStore {
  const agents = signal<AgentRow[]>([{ ...agentRow(null), needsYou: inbox.length > 0 ? 1 : 0 }]);
  const waiting = signal(inbox);
  return { durable: signal(true), agents, inbox: waiting, anyoneWaiting: computed(() => waiting.value.length > 0), stale: signal(false), start: () => () => {} };
}

const sections = (root: HTMLElement) => [...root.querySelectorAll('section > h2')].map((h) => h.textContent);

describe('the dashboard', () => {
  it('puts the agents first while an ask waits, Needs you under them, then the bridge', () => {
    const ask: InboxAsk = { agent: 'desk', paneId: 'p', askId: 'a1', kind: 'text', title: 'Which region?', conversation: 'Deploy' };
    view = mount(<DashboardView store={store([ask])} connection={connection} />);
    expect(sections(view.root)).toEqual(['Durable agents', 'Needs you', 'This bridge']);
    expect(view.root.querySelector('.inbox a')?.getAttribute('href')).toBe('#/agent/desk/chat/p/ask/a1');
  });

  it('shows no Needs you while nothing waits, the bridge first', () => {
    view = mount(<DashboardView store={store([])} connection={connection} />);
    expect(sections(view.root)).toEqual(['This bridge', 'Durable agents']);
  });
});
