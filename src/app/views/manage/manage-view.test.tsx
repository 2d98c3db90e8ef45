// @vitest-environment jsdom
import { signal } from '@preact/signals';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentRow, LayoutWorkspace } from '../../../wire/bridge-json';
import type { Caps } from '../../../wire/types';
import { actsWith } from '../../stores/testing/acts-kit';
import type { ConversationsStore } from '../../stores/conversations-store';
import { agentRow, buttonNames, capsOf, mount, type Mounted } from '../testing/acts-rig';
import { CanAct } from '../can-act';
import { ManageView } from './manage-view';

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const layout: LayoutWorkspace[] = [{ id: 'w1', title: 'Main', tabs: [{ id: 't1', title: 'Build' }] }];

function store(caps: Caps | null, missing = false): ConversationsStore {
  return {
    agent: signal<AgentRow | null>(missing ? null : agentRow(caps)),
    missing: signal(missing),
    needsYou: signal([]),
    open: signal([]),
    closed: signal([]),
    hasMoreClosed: signal(false),
    closedError: signal(false),
    layout: signal(missing ? [] : layout),
    starters: signal([]),
    stale: signal(false),
    show: () => () => {},
    loadMoreClosed: async () => {},
  };
}

const groups = (root: HTMLElement) => [...root.querySelectorAll('[role="group"]')].map((g) => g.getAttribute('aria-label'));

describe('the Manage screen', () => {
  it("holds the agent's workspaces and tabs, each with Rename and Close", () => {
    view = mount(<ManageView store={store(capsOf('rename', 'close'))} acts={actsWith([]).acts} agentName="desk" />);
    expect(groups(view.root)).toEqual(['Workspace Main', 'Tab Build']);
    expect(buttonNames(view.root)).toEqual(['Rename', 'Close', 'Rename', 'Close']);
  });

  it('says there is nothing to manage without the caps, and shows no controls to a watching phone', () => {
    view = mount(<ManageView store={store(capsOf('send'))} acts={actsWith([]).acts} agentName="desk" />);
    expect(view.root.textContent).toContain('Nothing to manage from the phone');
    view.unmount();
    view = mount(
      <CanAct.Provider value={false}>
        <ManageView store={store(capsOf('rename', 'close'))} acts={actsWith([]).acts} agentName="desk" />
      </CanAct.Provider>,
    );
    expect(buttonNames(view.root)).toEqual([]);
  });

  it('says so for an agent that is not attached', () => {
    view = mount(<ManageView store={store(null, true)} acts={actsWith([]).acts} agentName="nobody" />);
    expect(view.root.querySelector('[role="status"]')?.textContent).toBe('This durable agent is not attached.');
  });
});
