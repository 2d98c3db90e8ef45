// @vitest-environment jsdom
import { signal } from '@preact/signals';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentRow, ClosedConversationRow, ConversationRow, LayoutWorkspace } from '../../wire/bridge-json';
import type { Caps } from '../../wire/types';
import { actsWith } from '../stores/testing/acts-kit';
import type { ConversationsStore } from '../stores/conversations-store';
import { agentRow, buttonNames, capsOf, mount, type Mounted } from './testing/acts-rig';
import { ConversationsView } from './conversations-view';

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const layout: LayoutWorkspace[] = [{ id: 'w1', title: 'Main', tabs: [{ id: 't1', title: 'Build' }] }];
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const release: ConversationRow = { paneId: 'p1', workspaceId: 'w1', tabId: 't1', title: 'Release', place: 'Main · Build', state: 'idle', needsYou: 0 };

function store(caps: Caps, over: { open?: ConversationRow[]; needsYou?: ConversationRow[]; closed?: ClosedConversationRow[]; missing?: boolean } = {}): ConversationsStore {
  return {
    agent: signal<AgentRow | null>(over.missing ? null : agentRow(caps)),
    missing: signal(over.missing ?? false),
    needsYou: signal(over.needsYou ?? []),
    open: signal(over.open ?? [release]),
    closed: signal(over.closed ?? []),
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
const links = (root: HTMLElement) => [...root.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);

describe("an agent's conversations", () => {
  it('shows starters for their cap, and leads to Manage instead of renaming or closing in the list', () => {
    view = mount(<ConversationsView store={store(capsOf('starters', 'rename', 'close'))} acts={actsWith([]).acts} agentName="desk" />);
    expect(headings(view.root)).toEqual(['Starters', 'Open']);
    expect(buttonNames(view.root)).toEqual(['Review a PR']);
    expect(links(view.root).at(-1)).toEqual(['Manage workspaces and tabs', '#/agent/desk/manage']);
  });

  it('shows neither without those caps', () => {
    view = mount(<ConversationsView store={store(capsOf('send', 'steer', 'abort'))} acts={actsWith([]).acts} agentName="desk" />);
    expect(headings(view.root)).toEqual(['Open']);
    expect(buttonNames(view.root)).toEqual([]);
    expect(view.root.querySelector('.manage-link')).toBeNull();
  });

  it("tells each row's newest item in one line, how long ago, its state and how many wait", () => {
    const rows: ConversationRow[] = [
      { ...release, paneId: 'p1', state: 'working', preview: { kind: 'tool', text: 'Bash', at: minutesAgo(5) } },
      { ...release, paneId: 'p2', title: 'Notes', preview: { kind: 'user', text: 'ship it', at: minutesAgo(0) } },
    ];
    const waiting: ConversationRow = {
      ...release,
      paneId: 'p3',
      title: 'Deploy',
      state: 'waiting',
      needsYou: 2,
      preview: { kind: 'reply', text: 'Which region?', at: minutesAgo(90) },
    };
    view = mount(<ConversationsView store={store(capsOf('send'), { open: rows, needsYou: [waiting] })} acts={actsWith([]).acts} agentName="desk" />);
    const row = (pane: string) => view!.root.querySelector(`[data-pane="${pane}"]`)!;
    const text = (pane: string, part: string) => row(pane).querySelector(part)?.textContent;
    expect([text('p1', '.row-preview'), text('p1', '.row-time'), text('p1', '.row-state')]).toEqual(['Tool: Bash', '5 minutes ago', 'working']);
    expect([text('p2', '.row-preview'), text('p2', '.row-time')]).toEqual(['You: ship it', 'now']);
    expect([text('p3', '.row-preview'), text('p3', '.row-time'), text('p3', '.row-state'), text('p3', '.row-waiting')]).toEqual([
      'Which region?',
      '2 hours ago',
      'waiting',
      '2 to answer',
    ]);
    expect(row('p1').querySelector('time')?.getAttribute('datetime')).toBe(rows[0]!.preview!.at);
    expect(text('p1', '.row-waiting')).toBeUndefined();
  });

  it('gives a row with no item yet no preview and no time', () => {
    view = mount(<ConversationsView store={store(capsOf('send'))} acts={actsWith([]).acts} agentName="desk" />);
    expect(view.root.querySelector('.row-preview')).toBeNull();
    expect(view.root.querySelector('.row-time')).toBeNull();
  });

  it('dates closed rows with a short date', () => {
    const closed: ClosedConversationRow[] = [{ id: 'c1', title: 'Old notes', closedAt: '2020-03-04T10:00:00Z' }];
    view = mount(<ConversationsView store={store(capsOf('history'), { closed })} acts={actsWith([]).acts} agentName="desk" />);
    const row = view.root.querySelector('[data-conversation="c1"]')!;
    expect(row.querySelector('.row-time')?.textContent).toBe('Mar 4, 2020');
    expect(row.getAttribute('href')).toBe('#/agent/desk/closed/c1');
  });

  it('says so when no durable agent of this name is attached', () => {
    view = mount(<ConversationsView store={store(capsOf('send'), { missing: true, open: [] })} acts={actsWith([]).acts} agentName="nobody" />);
    expect(view.root.querySelector('[role="status"]')?.textContent).toBe('This durable agent is not attached.');
    expect(view.root.textContent).not.toContain('bridge');
  });
});
