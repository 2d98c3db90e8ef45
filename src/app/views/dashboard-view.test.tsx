// @vitest-environment jsdom
import { computed, signal } from '@preact/signals';
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentRow, InboxAsk, MachineRow } from '../../wire/bridge-json';
import type { PairingRequestJson } from '../../wire/pairing-json';
import { CanAct } from './can-act';
import type { ConnectionStore } from '../stores/connection-store';
import type { DashboardStore } from '../stores/dashboard-store';
import { agentRow, mount, type Mounted } from './testing/acts-rig';
import { DashboardView } from './dashboard-view';

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const connection: ConnectionStore = { state: signal('live'), outage: signal(null), updatedAt: signal(null), report: () => {}, showingKept: () => {}, start: () => () => {} };

function store(
  inbox: InboxAsk[],
  more: AgentRow[] = [],
  machines: MachineRow[] = [],
  pairing: PairingRequestJson[] = [],
  decidePairing: DashboardStore['decidePairing'] = () => Promise.resolve({ outcome: 'gone' }),
): DashboardStore {
  const agents = signal<AgentRow[]>([{ ...agentRow(null), needsYou: inbox.length > 0 ? 1 : 0 }, ...more]);
  const waiting = signal(inbox);
  return {
    durable: signal(true),
    agents,
    inbox: waiting,
    machines: signal(machines),
    pairing: signal(pairing),
    decidePairing,
    anyoneWaiting: computed(() => waiting.value.length > 0),
    stale: signal(false),
    readAt: signal(null),
    start: () => () => {},
  };
}

const sections = (root: HTMLElement) => [...root.querySelectorAll('section > h2')].map((h) => h.textContent);

describe('the dashboard', () => {
  it('starts reading before its first paint, so data already read is drawn in that same frame (start/wait-for-first-data.ts)', () => {
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

  it('shows a device waiting to pair first: where its link was made and opened, as text; Allow asks the bridge, a watch phone gets no buttons', async () => {
    const request: PairingRequestJson = {
      id: 'p-1',
      name: '<b>my-phone</b>',
      role: 'control',
      made: { by: 'collie pair', pid: 4242, command: 'node bin.cjs pair --name <img src=x>', terminal: null },
      madeAt: '2026-12-04T10:00:00.000Z',
      from: { address: '127.0.0.1', browser: 'Chrome on Linux' },
      askedAt: '2026-12-04T10:01:00.000Z',
      expiresAt: '2026-12-04T10:10:00.000Z',
    };
    const decided: [string, boolean][] = [];
    const decide: DashboardStore['decidePairing'] = (id, allow) => (decided.push([id, allow]), Promise.resolve({ outcome: 'allowed' }));
    view = mount(<DashboardView store={store([], [], [], [request], decide)} connection={connection} />);
    await vi.waitFor(() => expect(view!.root.querySelector('.pairing-card')).not.toBeNull());
    expect(sections(view.root)[0]).toBe('New device');
    const card = view.root.querySelector('.pairing-card')!;
    expect(card.querySelector('h3')?.textContent).toBe('A new device wants to pair: “<b>my-phone</b>”');
    expect(card.textContent).toContain('by collie pair (process 4242, with no terminal)');
    expect(card.querySelector('code')?.textContent).toBe('node bin.cjs pair --name <img src=x>');
    expect(card.querySelector('img, b')).toBeNull();
    expect(card.textContent).toContain('from 127.0.0.1 in Chrome on Linux');
    (card.querySelector('button.effect-allow') as HTMLButtonElement).click();
    expect(decided).toEqual([['p-1', true]]);
    view.unmount();
    view = mount(
      <CanAct.Provider value={false}>
        <DashboardView store={store([], [], [], [request])} connection={connection} />
      </CanAct.Provider>,
    );
    await vi.waitFor(() => expect(view!.root.querySelector('.pairing-card')).not.toBeNull());
    expect(view.root.querySelector('.pairing-card button')).toBeNull();
    expect(view.root.querySelector('.pairing-card')?.textContent).toContain('Only a phone that may act can allow it.');
  });
});
