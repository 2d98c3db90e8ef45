// @vitest-environment jsdom
import { signal } from '@preact/signals';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentRow } from '../../../wire/bridge-json';
import type { Caps } from '../../../wire/types';
import { actsWith, type Step } from '../../stores/testing/acts-kit';
import type { HistoryStore } from '../../stores/history-store';
import { agentRow, button, buttonNames, capsOf, mount, settle, statusText, tap, type Mounted } from '../testing/acts-rig';
import { ClosedChatScreen } from './closed-chat-screen';

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

function historyStore(caps: Caps | null): HistoryStore {
  return {
    agent: signal<AgentRow | null>(agentRow(caps)),
    title: signal('Old release'),
    entries: signal([]),
    trimmed: signal(false),
    olderPhase: signal('start'),
    failed: signal(false),
    gone: signal(false),
    show: () => () => {},
    loadOlder: async () => {},
  };
}

function draw(caps: Caps | null, replies: Step[] = []) {
  const { acts, sent } = actsWith(replies);
  const navigate = vi.fn();
  view = mount(<ClosedChatScreen store={historyStore(caps)} acts={acts} agentName="desk" conversationId="c1" navigate={navigate} />);
  return { root: view.root, sent, navigate };
}

describe('a closed conversation', () => {
  it('keeps no composer, no cards and no belt, whatever the caps', () => {
    const { root } = draw(capsOf('send', 'steer', 'abort', 'actions', 'asks', 'rename', 'close'));
    expect(root.querySelector('textarea, .ask-card, .belt, .composer')).toBeNull();
    expect(buttonNames(root)).toEqual([]);
  });

  it('offers Reopen only with the reopen cap, and opens the pane it names', async () => {
    const { root, sent, navigate } = draw(capsOf('history', 'reopen'), [{ outcome: 'done', paneId: 'p5' }]);
    expect(buttonNames(root)).toEqual(['Reopen']);
    tap(button(root, 'Reopen'));
    await settle();
    expect(sent).toEqual([{ act: 'reopen', agent: 'desk', requestId: expect.any(String), conversationId: 'c1' }]);
    expect(navigate).toHaveBeenCalledWith({ screen: 'chat', agent: 'desk', paneId: 'p5' });
  });

  it('stays read-only and says why when the reopen is refused', async () => {
    const { root, navigate } = draw(capsOf('reopen'), [{ outcome: 'refused', reason: 'not-found' }]);
    tap(button(root, 'Reopen'));
    await settle();
    expect(navigate).not.toHaveBeenCalled();
    expect(statusText(root)).toBe('Refused: the agent no longer has it.');
  });
});
