// @vitest-environment jsdom
import { computed, signal } from '@preact/signals';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatJson } from '../../wire/bridge-json';
import { actsWith, type Step } from '../stores/acts-test-kit';
import type { ChatStore } from '../stores/chat-store';
import { boxLabelled, button, buttonNames, capsOf, chatJson, mount, runningTurn, settle, tap, typeText, type Mounted } from './acts-rig';
import { choiceAsk } from './ask-cards/test-rig';
import { ChatView } from './chat-view';

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.restoreAllMocks();
});

/** A chat store that shows one fixed chat: the view's own wiring is what is tested here. */
function chatStore(json: ChatJson, missing = false): ChatStore {
  const chat = signal<ChatJson | null>(json);
  return {
    chat,
    entries: computed(() => chat.value?.entries ?? []),
    asks: computed(() => chat.value?.asks ?? []),
    statusOf: () => ({ phase: 'idle' }),
    canRetry: () => false,
    stale: signal(false),
    missing: signal(missing),
    show: () => () => {},
    answer: async () => {},
    retry: async () => {},
  };
}

function draw(json: ChatJson, replies: Step[] = [], missing = false) {
  const { acts, sent } = actsWith(replies);
  const navigate = vi.fn();
  view = mount(<ChatView store={chatStore(json, missing)} acts={acts} agentName="desk" paneId="p1" navigate={navigate} />);
  return { root: view.root, sent, navigate };
}

describe('the chat view', () => {
  it('leads Send to the open ask: the card scrolls into view and its first button takes the focus', () => {
    const scrolled = vi.fn();
    const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Element.prototype.scrollIntoView = scrolled; // jsdom does no layout, so it may lack this
    const { root, sent } = draw(chatJson({ asks: [choiceAsk()] }));
    typeText(boxLabelled(root, 'Message'), 'are you there?');
    tap(button(root, 'Send'));
    expect(sent).toHaveLength(0);
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(button(root, 'Yes'));
    if (original) Object.defineProperty(Element.prototype, 'scrollIntoView', original);
    else delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('shows the belt under the title only with the actions cap', () => {
    const belt = [{ id: 'deploy', label: 'Deploy' }];
    let { root } = draw(chatJson({ caps: capsOf('send'), pane: { belt } }));
    expect(buttonNames(root)).not.toContain('Deploy');
    view!.unmount();
    ({ root } = draw(chatJson({ caps: capsOf('send', 'actions'), pane: { belt } })));
    expect(root.querySelector('h2 + .belt-area [role="group"]')?.getAttribute('aria-label')).toBe("The agent's buttons");
    expect(buttonNames(root)).toContain('Deploy');
  });

  it('offers Rename and Close only for their caps, and goes back to the list once closed', async () => {
    let { root } = draw(chatJson({ caps: capsOf('send') }));
    expect(root.textContent).not.toContain('Manage');
    view!.unmount();
    const drawn = draw(chatJson({ caps: capsOf('rename', 'close') }), [{ outcome: 'done' }]);
    root = drawn.root;
    const { navigate } = drawn;
    expect(buttonNames(root)).toEqual(['Rename', 'Close']);
    tap(button(root, 'Close'));
    expect(root.textContent).toContain('Tap again to close.');
    expect(navigate).not.toHaveBeenCalled();
    tap(button(root, 'Close'));
    await settle();
    expect(navigate).toHaveBeenCalledWith({ screen: 'agent', agent: 'desk' });
  });

  it('shows no controls on a conversation that is not open', () => {
    const { root } = draw(
      chatJson({ caps: capsOf('send', 'steer', 'abort', 'actions', 'rename', 'close'), pane: { turn: runningTurn, belt: [{ id: 'b', label: 'B' }] } }),
      [],
      true,
    );
    expect(root.querySelector('button, textarea')).toBeNull();
  });
});
