// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LayoutWorkspace } from '../../../wire/bridge-json';
import { LIMITS } from '../../../wire/limits';
import { actsWith, type Step } from '../../stores/testing/acts-kit';
import { boxLabelled, button, buttonNames, capsOf, mount, problemText, settle, statusText, tap, typeText, type Mounted } from '../testing/acts-rig';
import { advance } from '../ask-cards/testing/card-rig';
import { CLOSE_ARM_MS } from './close-control';
import { ManageTarget } from './manage-target';
import { WorkspacesSection } from './workspaces-section';

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.useRealTimers();
});

function draw(replies: Step[] = [], caps = { rename: true, close: true }) {
  const { acts, sent } = actsWith(replies);
  const onClosed = vi.fn();
  view = mount(<ManageTarget acts={acts} agentName="desk" target="tab" id="t1" title="Build" caps={caps} onClosed={onClosed} />);
  return { root: view.root, sent, onClosed };
}

describe('rename and close', () => {
  it('renames inline: Rename opens a labelled box with the current name, Save sends it trimmed', async () => {
    const { root, sent } = draw([{ outcome: 'done' }]);
    tap(button(root, 'Rename'));
    const box = boxLabelled(root, 'New name');
    expect(box.value).toBe('Build');
    expect(document.activeElement).toBe(box);
    typeText(box, '  Release build ');
    tap(button(root, 'Save'));
    await settle();
    expect(sent).toEqual([{ act: 'rename', agent: 'desk', requestId: expect.any(String), target: 'tab', id: 't1', title: 'Release build' }]);
    expect(buttonNames(root)).toEqual(['Rename', 'Close']);
    expect(statusText(root)).toBe('Done.');
  });

  it('refuses an empty or too long name before sending', () => {
    const { root, sent } = draw();
    tap(button(root, 'Rename'));
    typeText(boxLabelled(root, 'New name'), '   ');
    tap(button(root, 'Save'));
    expect(problemText(root)).toBe('Write a name first.');
    typeText(boxLabelled(root, 'New name'), 'x'.repeat(LIMITS.titleBytes + 1));
    tap(button(root, 'Save'));
    expect(problemText(root)).toBe(`Too long: ${LIMITS.titleBytes + 1} bytes. A name is at most ${LIMITS.titleBytes} bytes.`);
    expect(sent).toHaveLength(0);
    tap(button(root, 'Cancel'));
    expect(buttonNames(root)).toEqual(['Rename', 'Close']);
  });

  it('closes on a second tap only, and a first tap wears off', async () => {
    vi.useFakeTimers();
    const { root, sent, onClosed } = draw([{ outcome: 'done' }]);
    tap(button(root, 'Close'));
    expect(root.querySelector('.act-armed')?.textContent).toBe('Tap again to close.');
    expect(button(root, 'Close').getAttribute('aria-pressed')).toBe('true');
    advance(CLOSE_ARM_MS);
    expect(root.querySelector('.act-armed')?.textContent).toBe('');
    tap(button(root, 'Close'));
    expect(sent).toHaveLength(0);
    tap(button(root, 'Close'));
    await settle();
    expect(sent).toEqual([{ act: 'close', agent: 'desk', requestId: expect.any(String), target: 'tab', id: 't1' }]);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('does not leave after a close the agent refused', async () => {
    const { root, onClosed } = draw([{ outcome: 'refused', reason: 'not-found' }]);
    tap(button(root, 'Close'));
    tap(button(root, 'Close'));
    await settle();
    expect(onClosed).not.toHaveBeenCalled();
    expect(statusText(root)).toBe('Refused: the agent no longer has it.');
  });

  it('shows each control only for its cap', () => {
    expect(buttonNames(draw([], { rename: true, close: false }).root)).toEqual(['Rename']);
    view!.unmount();
    expect(buttonNames(draw([], { rename: false, close: true }).root)).toEqual(['Close']);
    view!.unmount();
    expect(draw([], { rename: false, close: false }).root.innerHTML).toBe('');
  });
});

describe('the workspaces section', () => {
  const layout: LayoutWorkspace[] = [
    {
      id: 'w1',
      title: 'Main',
      tabs: [
        { id: 't1', title: 'Build' },
        { id: 't2', title: 'Docs' },
      ],
    },
  ];

  it('names a group per workspace and tab, each with Rename and Close', () => {
    const { acts } = actsWith([]);
    view = mount(<WorkspacesSection acts={acts} agentName="desk" layout={layout} caps={capsOf('rename', 'close')} />);
    expect(view.root.querySelector('h3')?.textContent).toBe('Workspaces');
    const groups = [...view.root.querySelectorAll('[role="group"]')];
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Workspace Main', 'Tab Build', 'Tab Docs']);
    expect(groups.map((g) => buttonNames(g as HTMLElement))).toEqual([
      ['Rename', 'Close'],
      ['Rename', 'Close'],
      ['Rename', 'Close'],
    ]);
  });

  it('renames a workspace', async () => {
    const { acts, sent } = actsWith([{ outcome: 'done' }]);
    view = mount(<WorkspacesSection acts={acts} agentName="desk" layout={layout} caps={capsOf('rename')} />);
    const group = view.root.querySelector<HTMLElement>('[aria-label="Workspace Main"]')!;
    tap(button(group, 'Rename'));
    typeText(boxLabelled(group, 'New name'), 'Home');
    tap(button(group, 'Save'));
    await settle();
    expect(sent[0]).toMatchObject({ act: 'rename', target: 'workspace', id: 'w1', title: 'Home' });
  });

  it('is hidden without the rename and close caps', () => {
    const { acts } = actsWith([]);
    view = mount(<WorkspacesSection acts={acts} agentName="desk" layout={layout} caps={capsOf('send', 'starters')} />);
    expect(view.root.innerHTML).toBe('');
  });
});
