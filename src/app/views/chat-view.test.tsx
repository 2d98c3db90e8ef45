// @vitest-environment jsdom
import { computed, signal } from '@preact/signals';
import { afterEach, expect, it, vi } from 'vitest';
import type { ChatJson } from '../../wire/bridge-json';
import { actsWith } from '../stores/testing/acts-kit';
import type { ChatStore } from '../stores/chat-store';
import { chatJson, mount, type Mounted } from './testing/acts-rig';
import { ChatView } from './chat-view';

let view: Mounted | undefined;
afterEach(() => view?.unmount());

it('reads the chat at once, and draws the screen once its code has loaded', async () => {
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
  } as unknown as ChatStore;
  view = mount(<ChatView store={store} acts={actsWith([]).acts} agentName="desk" paneId="p1" />);
  expect(show).toHaveBeenCalledWith('desk', 'p1');
  await vi.waitFor(() => expect(view!.root.querySelector('header h2')?.textContent).toBe('Release'));
});
