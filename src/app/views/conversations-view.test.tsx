// @vitest-environment jsdom
import { signal } from '@preact/signals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentRow, ClosedConversationRow, ConversationRow, LayoutWorkspace } from '../../wire/bridge-json';
import type { Caps } from '../../wire/types';
import { createStorage } from '../storage';
import { createDraftsStore } from '../stores/drafts-store';
import { actsWith, memory } from '../stores/testing/acts-kit';
import type { ConversationsStore } from '../stores/conversations-store';
import { agentRow, buttonNames, capsOf, mount, type Mounted } from './testing/acts-rig';
import { ConversationsView } from './conversations-view';
import { composerDraftKey, Drafts } from './drafts';

let view: Mounted | undefined;
// The list words times by the day they fall on: the tests run at a fixed afternoon.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 12, 15, 30));
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.useRealTimers();
});

const layout: LayoutWorkspace[] = [{ id: 'w1', title: 'Main', tabs: [{ id: 't1', title: 'Build' }] }];
const today = (hour: number, minute: number) => new Date(2026, 2, 12, hour, minute).toISOString();

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

  it("tells each row's newest item in one line, when it last moved (the clock time today), its state and how many wait", () => {
    const rows: ConversationRow[] = [
      { ...release, paneId: 'p1', state: 'working', activeAt: today(15, 25), preview: { kind: 'tool', text: 'Bash', at: today(15, 20) } },
      { ...release, paneId: 'p2', title: 'Notes', preview: { kind: 'user', text: 'ship it', at: today(15, 30) } },
    ];
    const waiting: ConversationRow = {
      ...release,
      paneId: 'p3',
      title: 'Deploy',
      state: 'waiting',
      needsYou: 2,
      activeAt: today(14, 0),
      question: { kind: 'permission', title: 'bash' },
      preview: { kind: 'reply', text: 'Looking at the build.', at: today(13, 58) },
    };
    view = mount(<ConversationsView store={store(capsOf('send'), { open: rows, needsYou: [waiting] })} acts={actsWith([]).acts} agentName="desk" />);
    const row = (pane: string) => view!.root.querySelector(`[data-pane="${pane}"]`)!;
    const text = (pane: string, part: string) => row(pane).querySelector(part)?.textContent?.replace(/\s/gu, ' ');
    expect([text('p1', '.row-preview'), text('p1', '.row-time'), text('p1', '.row-state')]).toEqual(['Tool: Bash', '3:25 PM', 'working']);
    expect([text('p2', '.row-preview'), text('p2', '.row-time')]).toEqual(['You: ship it', '3:30 PM']);
    // A row that waits shows what it waits for, as the dashboard's inbox words it, not its newest item.
    expect([text('p3', '.row-preview'), text('p3', '.row-time'), text('p3', '.row-state'), text('p3', '.row-waiting')]).toEqual([
      'bash wants to run',
      '2:00 PM',
      'waiting',
      '2 to answer',
    ]);
    expect(row('p1').querySelector('time')?.getAttribute('datetime')).toBe(rows[0]!.activeAt);
    expect(text('p1', '.row-waiting')).toBeUndefined();
  });

  it('gives a row with no item yet its time but no preview', () => {
    view = mount(<ConversationsView store={store(capsOf('send'), { open: [{ ...release, activeAt: today(9, 5) }] })} acts={actsWith([]).acts} agentName="desk" />);
    expect(view.root.querySelector('.row-preview')).toBeNull();
    expect(view.root.querySelector('.row-time')?.textContent?.replace(/\s/gu, ' ')).toBe('9:05 AM');
  });

  it('marks a conversation with an unsent draft in place of its preview, and not one whose draft is empty', () => {
    const kept = memory();
    const drafts = createDraftsStore(createStorage(() => kept));
    drafts.set(composerDraftKey('desk', 'p1'), 'half a\nthought');
    drafts.set(composerDraftKey('desk', 'p2'), '   ');
    const rows: ConversationRow[] = [
      { ...release, activeAt: today(9, 0), preview: { kind: 'reply', text: 'Ready.', at: today(9, 0) } },
      { ...release, paneId: 'p2', activeAt: today(8, 0), preview: { kind: 'reply', text: 'Done.', at: today(8, 0) } },
    ];
    view = mount(
      <Drafts.Provider value={drafts}>
        <ConversationsView store={store(capsOf('send'), { open: rows })} acts={actsWith([]).acts} agentName="desk" />
      </Drafts.Provider>,
    );
    const preview = (pane: string) => view!.root.querySelector(`[data-pane="${pane}"] .row-preview`)!;
    expect([preview('p1').querySelector('.draft-mark')?.textContent, preview('p1').textContent]).toEqual(['Draft', 'Draft half a\nthought']);
    expect([preview('p2').querySelector('.draft-mark'), preview('p2').textContent]).toEqual([null, 'Done.']);
  });

  it('dates closed rows as the list does: the clock time for one closed today, a date for one closed long ago', () => {
    const closed: ClosedConversationRow[] = [
      { id: 'c1', title: 'Old notes', closedAt: '2020-03-04T10:00:00Z' },
      { id: 'c2', title: 'This morning', closedAt: today(8, 15), updatedAt: today(8, 10) },
    ];
    view = mount(<ConversationsView store={store(capsOf('history'), { closed })} acts={actsWith([]).acts} agentName="desk" />);
    const row = view.root.querySelector('[data-conversation="c1"]')!;
    expect(row.querySelector('.row-time')?.textContent).toBe('Mar 4, 2020');
    expect(row.getAttribute('href')).toBe('#/agent/desk/closed/c1');
    expect(view.root.querySelector('[data-conversation="c2"] .row-time')?.textContent?.replace(/\s/gu, ' ')).toBe('8:15 AM');
  });

  it('says so when no durable agent of this name is attached', () => {
    view = mount(<ConversationsView store={store(capsOf('send'), { missing: true, open: [] })} acts={actsWith([]).acts} agentName="nobody" />);
    expect(view.root.querySelector('[role="status"]')?.textContent).toBe('This durable agent is not attached.');
    expect(view.root.textContent).not.toContain('bridge');
  });
});
