// @vitest-environment jsdom
import { computed, signal } from '@preact/signals';
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentRow, InboxAsk, MachineRow } from '../../wire/bridge-json';
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

function store(inbox: InboxAsk[], more: AgentRow[] = [], machines: MachineRow[] = []): DashboardStore {
  const agents = signal<AgentRow[]>([{ ...agentRow(null), needsYou: inbox.length > 0 ? 1 : 0 }, ...more]);
  const waiting = signal(inbox);
  return {
    durable: signal(true),
    agents,
    inbox: waiting,
    machines: signal(machines),
    anyoneWaiting: computed(() => waiting.value.length > 0),
    stale: signal(false),
    start: () => () => {},
  };
}

const sections = (root: HTMLElement) => [...root.querySelectorAll('section > h2')].map((h) => h.textContent);

describe('the dashboard', () => {
  it('starts reading before its first paint, so data already read is drawn in that same frame (first-paint.ts)', () => {
    let started = 0;
    const root = document.createElement('div');
    // Preact's render, not act(): act runs the effects a browser would run after painting.
    render(<DashboardView store={{ ...store([]), start: () => (started++, () => {}) }} connection={connection} />, root);
    expect(started).toBe(1);
    render(null, root);
  });

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

  it('groups the agents by machine on the lead of a crew: this machine first, each member under its label, a line for one that does not answer', async () => {
    const far = (label: string, status: AgentRow['status']): AgentRow => ({
      ...agentRow(null),
      name: `desk@${label}`,
      where: 'elsewhere',
      status,
      machine: { label, agent: 'desk' },
    });
    const machines: MachineRow[] = [
      { label: 'build-box', state: 'live' },
      { label: 'server', state: 'not-answering' },
      { label: 'empty', state: 'live' },
    ];
    view = mount(
      <DashboardView
        store={store([], [far('build-box', 'ok'), { ...far('server', 'unreachable'), reasonCode: 'machine-not-answering', reason: 'server is not answering' }], machines)}
        connection={connection}
      />,
    );
    // The grouping's code loads the first time a dashboard has machines.
    await vi.waitFor(() => expect(view!.root.querySelectorAll('.machine-group')).toHaveLength(4));
    const groups = [...view.root.querySelectorAll<HTMLElement>('.machine-group')];
    expect(groups.map((g) => g.querySelector('h3')?.textContent)).toEqual(['This machine', 'build-box', 'server', 'empty']);
    expect(groups.map((g) => [...g.querySelectorAll('.agent-name')].map((n) => n.textContent))).toEqual([['desk'], ['desk'], ['desk'], []]);
    expect(groups[1]!.querySelector('a')?.getAttribute('href')).toBe('#/agent/desk%40build-box');
    expect(groups[2]!.querySelector('.machine-down')?.textContent).toBe('server is not answering');
    expect(groups[2]!.querySelector('.agent-status')?.textContent).toBe('Unreachable: server is not answering');
    expect(groups[3]!.textContent).toContain('No durable agents on empty');
  });

  it('shows one list, no groups, on a bridge that leads no crew', () => {
    view = mount(<DashboardView store={store([])} connection={connection} />);
    expect(view.root.querySelectorAll('.machine-group')).toHaveLength(0);
    expect(view.root.querySelectorAll('.agent-list .agent-row')).toHaveLength(1);
  });
});
