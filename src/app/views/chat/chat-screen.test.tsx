// @vitest-environment jsdom
import { computed, signal, type Signal } from '@preact/signals';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatJson } from '../../../wire/bridge-json';
import { actsWith, type Step } from '../../stores/testing/acts-kit';
import type { ChatStore, Missing } from '../../stores/chat-store';
import { boxLabelled, button, buttonNames, capsOf, chatJson, mount, runningTurn, settle, tap, typeText, type Mounted } from '../testing/acts-rig';
import { choiceAsk } from '../ask-cards/testing/card-rig';
import { ChatScreen } from './chat-screen';

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.restoreAllMocks();
});

/** A chat store that shows one fixed chat: the view's own wiring is what is tested here. */
function chatStore(json: ChatJson, missing: Missing = null): ChatStore {
  const chat = signal<ChatJson | null>(json);
  return {
    chat,
    entries: computed(() => chat.value?.entries ?? []),
    olderPhase: signal('idle'),
    trimmed: computed(() => chat.value?.trimmed ?? false),
    loadOlder: async () => {},
    asks: computed(() => chat.value?.asks ?? []),
    statusOf: () => ({ phase: 'idle' }),
    canRetry: () => false,
    stale: signal(false),
    missing: signal<Missing>(missing),
    show: () => () => {},
    answer: async () => {},
    retry: async () => {},
    given: signal(new Map()),
    seenAtOpen: signal(null),
    unread: signal(null),
    markSeen: () => {},
  };
}

function draw(json: ChatJson, replies: Step[] = [], missing: Missing = null) {
  const { acts, sent } = actsWith(replies);
  const navigate = vi.fn();
  view = mount(<ChatScreen store={chatStore(json, missing)} acts={acts} agentName="desk" paneId="p1" navigate={navigate} />);
  return { root: view.root, sent, navigate };
}

const at = (minute: number) => new Date(2026, 2, 12, 9, minute).toISOString();

describe('the chat screen', () => {
  it('says which is gone: a closed conversation, or an agent that is not attached (not a bridge that does not answer)', () => {
    let { root } = draw(chatJson({}), [], 'pane');
    expect(root.querySelector('main .banner')?.textContent).toBe('This conversation is no longer there: it was closed, or this address is out of date.');
    view?.unmount();
    ({ root } = draw(chatJson({}), [], 'agent'));
    expect(root.querySelector('main .banner')?.textContent).toBe('This durable agent is not attached.');
    expect(root.querySelector<HTMLAnchorElement>('main a')?.getAttribute('href')).toBe('#/agent/desk');
  });

  it('keeps its rows drawn when a first markdown item arrives before the markdown renderer has loaded', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {}); // jsdom scrolls nothing
    const first: ChatJson['entries'] = [{ type: 'item', item: { id: 'u', at: at(0), kind: 'user', text: 'ship it' } }];
    const store = chatStore(chatJson({ entries: first }));
    view = mount(<ChatScreen store={store} acts={actsWith([]).acts} agentName="desk" paneId="p1" navigate={vi.fn()} />);
    const rows = () => view!.root.querySelectorAll('ol.entries > li').length;
    expect(rows()).toBe(1);
    // The renderer is still on its way (its load began with this screen): the person's row stays,
    // and the reply shows as its plain text until then.
    await act(() => {
      (store.chat as Signal<ChatJson | null>).value = chatJson({ entries: [...first, { type: 'item', item: { id: 'm', at: at(1), kind: 'markdown', text: '**done**' } }] });
    });
    expect(rows()).toBe(2);
  });

  it('heads the chat with Back (an icon named Back), the title, the agent and what the pane is doing', () => {
    const { root } = draw(chatJson({ pane: { state: 'working' } }));
    const back = root.querySelector<HTMLAnchorElement>('header a.header-back')!;
    expect([back.getAttribute('aria-label'), back.getAttribute('href'), back.textContent]).toEqual(['Back', '#/agent/desk', '']);
    expect(back.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(root.querySelector('header h2')?.textContent).toBe('Release');
    expect(root.querySelector('.header-subtitle')?.textContent).toBe('deskworking');
    expect(root.querySelector('header .chat-menu-button')?.getAttribute('aria-label')).toBe('Conversation menu');
    expect(root.querySelector('main a')).toBeNull(); // the chat's own links are only the agent's
  });

  it('puts the person on one side and the agent on the other, thinking and tools as quiet rows, times beside the text', () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {}); // jsdom scrolls nothing
    const entries: ChatJson['entries'] = [
      { type: 'item', item: { id: 'u', at: at(0), kind: 'user', text: 'ship it' } },
      { type: 'item', item: { id: 'r', at: at(1), kind: 'reply', text: 'on it' } },
      { type: 'item', item: { id: 'k', at: at(1), kind: 'thinking', text: 'checking tests' } },
      { type: 'item', item: { id: 't', at: at(2), kind: 'tool', toolCallId: 't', name: 'bash', status: 'failed', output: 'exit 1' } },
      { type: 'item', item: { id: 'late', at: at(30), kind: 'reply', text: 'done' } },
    ];
    const { root } = draw(chatJson({ entries }));
    const rows = [...root.querySelectorAll<HTMLLIElement>('ol.entries > li')];
    // A row is its bubble, or, when it opens a day or a group, holds it beside its times.
    expect(rows.map((r) => [r.className, r.classList.contains('framed') ? r.firstElementChild?.className : null])).toEqual([
      ['entry user framed', 'bubble'],
      ['entry reply bubble', null],
      ['entry thinking quiet', null],
      ['entry tool status-failed quiet', null],
      ['entry reply framed', 'bubble'],
    ]);
    expect(rows.map((r) => [r.dataset.day ?? null, r.dataset.time !== undefined])).toEqual([
      [expect.any(String), true],
      [null, false],
      [null, false],
      [null, false],
      [null, true], // half an hour later: a new group
    ]);
    expect(rows[0]!.textContent).toBe('ship it'); // the times are not part of the row's text
    const toggle = rows[3]!.querySelector('summary')!;
    expect(toggle.textContent).toBe('Output');
    expect(rows[3]!.querySelector('.tool-head svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('leads Send to the open ask: the card scrolls into view and its first button takes the focus', () => {
    const scrolled = vi.fn();
    const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Element.prototype.scrollIntoView = scrolled; // jsdom does no layout, so it may lack this
    const { root, sent } = draw(chatJson({ asks: [choiceAsk()] }));
    typeText(boxLabelled(root, 'Message'), 'are you there?');
    tap(button(root, 'Go to the question')); // the composer's button, while a card is open
    expect(sent).toHaveLength(0);
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(button(root, 'Yes'));
    if (original) Object.defineProperty(Element.prototype, 'scrollIntoView', original);
    else delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('shows the belt just above the composer only with the actions cap', () => {
    const belt = [{ id: 'deploy', label: 'Deploy' }];
    let { root } = draw(chatJson({ caps: capsOf('send'), pane: { belt } }));
    expect(buttonNames(root)).not.toContain('Deploy');
    view!.unmount();
    ({ root } = draw(chatJson({ caps: capsOf('send', 'actions'), pane: { belt } })));
    expect(root.querySelector('.chat-dock .belt-area + .composer')).not.toBeNull();
    expect(root.querySelector('.belt-area [role="group"]')?.getAttribute('aria-label')).toBe("The agent's buttons");
    expect(buttonNames(root)).toContain('Deploy');
  });

  it('offers Rename and Close only for their caps, and goes back to the list once closed', async () => {
    // jsdom has <dialog> without its methods; the browser's modal behaviour is the e2e suite's.
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
    let { root } = draw(chatJson({ caps: capsOf('send') }));
    expect(root.textContent).not.toContain('Manage');
    view!.unmount();
    const drawn = draw(chatJson({ caps: capsOf('rename', 'close') }), [{ outcome: 'done' }]);
    root = drawn.root;
    const { navigate } = drawn;
    // In the header's menu, nowhere below the composer.
    const sheet = root.querySelector<HTMLElement>('dialog.chat-sheet')!;
    expect(buttonNames(sheet).filter(Boolean)).toEqual(['Rename', 'Close']);
    expect(root.querySelector('.composer ~ .manage, .chat-end ~ *')).toBeNull();
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
      'pane',
    );
    expect(root.querySelector('button, textarea')).toBeNull();
  });
});
