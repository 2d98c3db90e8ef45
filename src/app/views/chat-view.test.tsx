// @vitest-environment jsdom
import { computed, signal } from '@preact/signals';
import { afterEach, expect, it, vi } from 'vitest';
import type { ChatJson } from '../../wire/bridge-json';
import { actsWith } from '../stores/testing/acts-kit';
import type { ChatStore } from '../stores/chat-store';
import { chatJson, mount, type Mounted } from './testing/acts-rig';
import { lazyStore } from '../stores/lazy-store';
import { ChatView } from './chat-view';

let view: Mounted | undefined;
afterEach(() => view?.unmount());

it('loads its store, reads the chat, and draws the screen once its code has loaded', async () => {
  const chat = signal<ChatJson | null>(chatJson());
  const show = vi.fn(() => () => {});
  const store = {
    chat,
    entries: computed(() => []),
    asks: computed(() => []),
    olderPhase: signal('idle'),
    trimmed: signal(false),
    stale: signal(false),
    missing: signal(null),
    show,
    seenAtOpen: signal(null),
    unread: signal(null),
    given: signal(new Map()),
    markSeen: () => {},
  } as unknown as ChatStore;
  view = mount(<ChatView chat={lazyStore(async () => store)} acts={actsWith([]).acts} agentName="desk" paneId="p1" />);
  await vi.waitFor(() => expect(show).toHaveBeenCalledWith('desk', 'p1'));
  // The screen's code loads as a chunk of its own: slow on a loaded machine, so waited for, with room.
  await vi.waitFor(() => expect(view!.root.querySelector('header h2')?.textContent).toBe('Release'), { timeout: 20_000 });
});
