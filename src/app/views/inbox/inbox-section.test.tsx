// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InboxAsk } from '../../../wire/bridge-json';
import { mount, type Mounted } from '../testing/acts-rig';
import { InboxSection } from './inbox-section';

let view: Mounted | undefined;
// Times are worded by the day they fall on: the tests run at a fixed afternoon.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 12, 15, 30));
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.useRealTimers();
});

const at = (day: number, hour: number, minute: number) => new Date(2026, 2, day, hour, minute).toISOString();
const inbox: InboxAsk[] = [
  { agent: 'desk-b', paneId: 'p', askId: 'a1', kind: 'choice', title: 'Ship it?', createdAt: at(11, 18, 0), conversation: 'Work' },
  { agent: 'desk-a', paneId: 'p', askId: 'a1', kind: 'choice', title: 'Ship it?', createdAt: at(12, 15, 27), conversation: 'Work' },
  { agent: 'desk-a', paneId: 'q', askId: 'a2', kind: 'permission', title: 'Bash', createdAt: at(12, 15, 29), conversation: 'Build' },
  { agent: 'desk-a', paneId: 'q', askId: 'a3', kind: 'permission', title: '', conversation: 'Build' },
];

describe('the dashboard’s Needs you', () => {
  it('lists every ask in the order the bridge gives, each leading to its chat at its card', () => {
    view = mount(<InboxSection inbox={inbox} />);
    expect(view.root.querySelector('h2')?.textContent).toBe('Needs you');
    const entries = [...view.root.querySelectorAll('a')];
    expect(entries.map((a) => a.getAttribute('href'))).toEqual([
      '#/agent/desk-b/chat/p/ask/a1',
      '#/agent/desk-a/chat/p/ask/a1',
      '#/agent/desk-a/chat/q/ask/a2',
      '#/agent/desk-a/chat/q/ask/a3',
    ]);
    expect(entries.map((a) => a.querySelector('.inbox-headline')?.textContent)).toEqual(['Ship it?', 'Ship it?', 'Bash wants to run', 'A tool with no name wants to run']);
    expect(entries.map((a) => a.querySelector('.conversation-place')?.textContent)).toEqual(['desk-b · Work', 'desk-a · Work', 'desk-a · Build', 'desk-a · Build']);
    // As the lists word times: yesterday's as "Yesterday", today's as the clock time.
    expect(entries.map((a) => a.querySelector('.row-time')?.textContent?.replace(/\s/gu, ' ') ?? null)).toEqual(['Yesterday', '3:27 PM', '3:29 PM', null]);
  });

  it('is not there while nothing waits', () => {
    view = mount(<InboxSection inbox={[]} />);
    expect(view.root.innerHTML).toBe('');
  });
});

describe('an inbox entry for a screen reader', () => {
  it('is named by its question and described by where it waits and when', () => {
    view = mount(<InboxSection inbox={inbox.slice(0, 1)} />);
    const link = view.root.querySelector('a')!;
    const text = (ids: string) => ids.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(text(link.getAttribute('aria-labelledby')!)).toEqual(['Ship it?']);
    expect(text(link.getAttribute('aria-describedby')!)).toEqual(['desk-b · Work', 'Yesterday']);
  });
});
