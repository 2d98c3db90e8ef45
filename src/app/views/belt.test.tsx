// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatJson } from '../../wire/bridge-json';
import type { ActReply } from '../../wire/write-json';
import { actsWith, type Step } from '../stores/testing/acts-kit';
import { button, buttonNames, capsOf, chatJson, mount, runningTurn, settle, statusText, tap, type Mounted } from './testing/acts-rig';
import { Belt } from './belt';
import { ACT_RESULT_MS } from './acts/act-result';

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.useRealTimers();
});

const belt = [
  { id: 'deploy', label: 'Deploy' },
  { id: 'test', label: 'Run tests' },
  { id: 'lint', label: 'Lint' },
  { id: 'docs', label: 'Docs' },
  { id: 'extra', label: 'Extra' },
];

function draw(chat: ChatJson, replies: Step[] = []) {
  const { acts, sent } = actsWith(replies);
  view = mount(<Belt acts={acts} chat={chat} agentName="desk" paneId="p1" />);
  return { root: view.root, sent };
}

describe('the belt', () => {
  it('is hidden without the actions cap', () => {
    const { root } = draw(chatJson({ caps: capsOf('send', 'steer', 'abort'), pane: { belt } }));
    expect(root.innerHTML).toBe('');
  });

  it('shows up to four buttons named by their labels, drawn as text', () => {
    const { root } = draw(chatJson({ caps: capsOf('actions'), pane: { belt: [...belt.slice(0, 3), { id: 'x', label: '<b>x</b>' }, belt[4]!] } }));
    expect(buttonNames(root)).toEqual(['Deploy', 'Run tests', 'Lint', '<b>x</b>']);
    expect(root.querySelector('b')).toBeNull();
  });

  it('sends the action with the turn the phone saw, says what happened, then clears the line', async () => {
    vi.useFakeTimers();
    const { root, sent } = draw(chatJson({ caps: capsOf('actions'), pane: { belt, turn: runningTurn } }), [{ outcome: 'done' }]);
    tap(button(root, 'Run tests'));
    await settle();
    expect(sent).toEqual([{ act: 'action', agent: 'desk', paneId: 'p1', requestId: expect.any(String), actionId: 'test', turnId: 'turn-7' }]);
    expect(statusText(root)).toBe('Run tests: Done.');
    await vi.advanceTimersByTimeAsync(ACT_RESULT_MS);
    await settle();
    expect(statusText(root)).toBe('');
  });

  it('does not tell a settled tap again when drawn anew long after (a chat closed and reopened)', async () => {
    vi.useFakeTimers();
    const { acts } = actsWith([{ outcome: 'done' }]);
    const chat = chatJson({ caps: capsOf('actions'), pane: { belt, turn: runningTurn } });
    view = mount(<Belt acts={acts} chat={chat} agentName="desk" paneId="p1" />);
    tap(button(view.root, 'Run tests'));
    await settle();
    expect(statusText(view.root)).toBe('Run tests: Done.');
    view.unmount();
    await vi.advanceTimersByTimeAsync(ACT_RESULT_MS * 2);
    view = mount(<Belt acts={acts} chat={chat} agentName="desk" paneId="p1" />);
    await settle();
    expect(statusText(view.root)).toBe('');
  });

  it('keeps an unknown outcome with Try again, once', async () => {
    vi.useFakeTimers();
    const { root, sent } = draw(chatJson({ caps: capsOf('actions'), pane: { belt } }), [{ outcome: 'unknown' } satisfies ActReply, { outcome: 'unknown' }]);
    tap(button(root, 'Deploy'));
    await settle();
    await vi.advanceTimersByTimeAsync(ACT_RESULT_MS * 2);
    await settle();
    expect(statusText(root)).toBe('Deploy: Not sure it arrived. Check before you try again.');
    tap(button(root, 'Try again'));
    await settle();
    expect(sent.map((r) => r.requestId)).toEqual([sent[0]!.requestId, sent[0]!.requestId]);
    expect(statusText(root)).toBe('Deploy: May already be applied. Check the chat.');
    expect(buttonNames(root)).not.toContain('Try again');
  });
});
