// @vitest-environment jsdom
import { signal } from '@preact/signals';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentRow, LayoutWorkspace } from '../../wire/bridge-json';
import type { Caps } from '../../wire/types';
import { actsWith } from '../stores/acts-test-kit';
import type { ConversationsStore } from '../stores/conversations-store';
import { agentRow, buttonNames, capsOf, mount, type Mounted } from './acts-rig';
import { ConversationsView } from './conversations-view';

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const layout: LayoutWorkspace[] = [{ id: 'w1', title: 'Main', tabs: [{ id: 't1', title: 'Build' }] }];

function store(caps: Caps): ConversationsStore {
  return {
    agent: signal<AgentRow | null>(agentRow(caps)),
    needsYou: signal([]),
    open: signal([{ paneId: 'p1', workspaceId: 'w1', tabId: 't1', title: 'Release', place: 'Main · Build', state: 'idle', needsYou: 0 }]),
    closed: signal([]),
    hasMoreClosed: signal(false),
    closedError: signal(false),
    layout: signal(layout),
    starters: signal([{ id: 's1', label: 'Review a PR' }]),
    stale: signal(false),
    show: () => () => {},
    loadMoreClosed: async () => {},
  };
}

const headings = (root: HTMLElement) => [...root.querySelectorAll('h3')].map((h) => h.textContent);

describe("an agent's conversations", () => {
  it('shows starters and workspaces for their caps', () => {
    view = mount(<ConversationsView store={store(capsOf('starters', 'rename', 'close'))} acts={actsWith([]).acts} agentName="desk" />);
    expect(headings(view.root)).toEqual(['Starters', 'Open', 'Workspaces']);
    expect(buttonNames(view.root)).toEqual(['Review a PR', 'Rename', 'Close', 'Rename', 'Close']);
  });

  it('shows neither without those caps', () => {
    view = mount(<ConversationsView store={store(capsOf('send', 'steer', 'abort'))} acts={actsWith([]).acts} agentName="desk" />);
    expect(headings(view.root)).toEqual(['Open']);
    expect(buttonNames(view.root)).toEqual([]);
  });
});
