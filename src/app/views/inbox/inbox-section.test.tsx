// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { InboxAsk } from '../../../wire/bridge-json';
import { mount, type Mounted } from '../testing/acts-rig';
import { InboxSection } from './inbox-section';

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const inbox: InboxAsk[] = [
  { agent: 'desk-b', paneId: 'p', askId: 'a1', kind: 'choice', title: 'Ship it?', createdAt: ago(10), conversation: 'Work' },
  { agent: 'desk-a', paneId: 'p', askId: 'a1', kind: 'choice', title: 'Ship it?', createdAt: ago(3), conversation: 'Work' },
  { agent: 'desk-a', paneId: 'q', askId: 'a2', kind: 'permission', title: 'Bash', createdAt: ago(1), conversation: 'Build' },
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
    expect(entries.map((a) => a.querySelector('.row-time')?.textContent ?? null)).toEqual(['10 minutes ago', '3 minutes ago', '1 minute ago', null]);
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
    expect(text(link.getAttribute('aria-describedby')!)).toEqual(['desk-b · Work', '10 minutes ago']);
  });
});
