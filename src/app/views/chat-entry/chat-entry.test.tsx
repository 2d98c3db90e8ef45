// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ChatEntryView } from './chat-entry';
import { mount, type Mounted } from '../testing/acts-rig';

let view: Mounted | undefined;
afterEach(() => view?.unmount());

describe("the person's own items", () => {
  it('mark a steer as a steer, and a message as itself', () => {
    view = mount(
      <ol>
        <ChatEntryView entry={{ type: 'item', item: { id: 'u1', at: '', kind: 'user', text: 'deploy it', requestId: 'r1' } }} />
        <ChatEntryView entry={{ type: 'item', item: { id: 'u2', at: '', kind: 'user', text: 'use the staging box', requestId: 'r2', steer: true } }} />
      </ol>,
    );
    const [message, steer] = [...view.root.querySelectorAll('li')];
    expect(message!.querySelector('.steer-mark')).toBeNull();
    expect(steer!.querySelector('.steer-mark')?.textContent).toBe('Steer');
    expect(steer!.textContent).toBe('Steeruse the staging box');
  });
});
