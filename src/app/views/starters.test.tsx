// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actsWith, type Step } from '../stores/testing/acts-kit';
import type { Caps } from '../../wire/types';
import { button, buttonNames, capsOf, mount, settle, statusText, tap, type Mounted } from './testing/acts-rig';
import { Starters } from './starters';

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  location.hash = '';
});

const starters = [
  { id: 'review', label: 'Review a PR' },
  { id: 'triage', label: 'Triage issues' },
];

function draw(caps: Caps | null, replies: Step[] = [], navigate?: () => void) {
  const { acts, sent } = actsWith(replies);
  view = mount(<Starters acts={acts} agentName="desk" starters={starters} caps={caps} {...(navigate ? { navigate } : {})} />);
  return { root: view.root, sent };
}

describe('starters', () => {
  it('are hidden without the starters cap', () => {
    expect(draw(capsOf('send')).root.innerHTML).toBe('');
    view!.unmount();
    expect(draw(null).root.innerHTML).toBe('');
  });

  it('list the agent starters by their labels', () => {
    const { root } = draw(capsOf('starters'));
    expect(root.querySelector('h3')?.textContent).toBe('Starters');
    expect(buttonNames(root)).toEqual(['Review a PR', 'Triage issues']);
  });

  it('start one and open the pane it names', async () => {
    const { root, sent } = draw(capsOf('starters'), [{ outcome: 'done', paneId: 'p 9' }]);
    tap(button(root, 'Triage issues'));
    await settle();
    expect(sent).toEqual([{ act: 'starter', agent: 'desk', requestId: expect.any(String), starterId: 'triage' }]);
    expect(location.hash).toBe('#/agent/desk/chat/p%209');
  });

  it('stay put and say why when the start is refused', async () => {
    const navigate = vi.fn();
    const { root } = draw(capsOf('starters'), [{ outcome: 'refused', reason: 'agent-refused' }], navigate);
    tap(button(root, 'Review a PR'));
    await settle();
    expect(navigate).not.toHaveBeenCalled();
    expect(statusText(root)).toBe('Refused by the agent.');
  });

  it('open the pane when the one Try again starts it', async () => {
    const navigate = vi.fn();
    const { root } = draw(capsOf('starters'), [new TypeError('lost'), { outcome: 'done', paneId: 'p2' }], navigate);
    tap(button(root, 'Review a PR'));
    await settle();
    expect(navigate).not.toHaveBeenCalled();
    tap(button(root, 'Try again'));
    await settle();
    expect(navigate).toHaveBeenCalledWith({ screen: 'chat', agent: 'desk', paneId: 'p2' });
  });
});
