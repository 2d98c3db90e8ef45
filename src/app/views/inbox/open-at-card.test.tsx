// @vitest-environment jsdom
import { useRef } from 'preact/hooks';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { mount, type Mounted } from '../testing/acts-rig';
import { useOpenAtCard, type CardPlace } from './open-at-card';

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

function Chat({ place, cards }: { place: CardPlace; cards: string[] }) {
  const root = useRef<HTMLElement>(null);
  useOpenAtCard(root, place, cards);
  return (
    <main ref={root}>
      <h2 tabIndex={-1}>Chat</h2>
      {cards.map((id) => (
        <article key={id} class="ask-card" tabIndex={-1} data-ask-id={id}>
          <button type="button">{`Yes ${id}`}</button>
        </article>
      ))}
    </main>
  );
}

/** Runs the frames the hook waits for. */
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
const focused = () => document.activeElement?.textContent;

describe('a chat opened at a card', () => {
  it('focuses the named card once it is drawn, not another card drawn first', async () => {
    const place = { agent: 'desk', paneId: 'p', askId: 'a2' };
    view = mount(<Chat place={place} cards={['a1']} />);
    await nextFrame();
    expect(focused()).not.toBe('Yes a1');
    view.rerender(<Chat place={place} cards={['a1', 'a2']} />);
    await nextFrame();
    expect(focused()).toBe('Yes a2');
  });

  it('does it once: a redraw later leaves the focus where the person put it', async () => {
    const place = { agent: 'desk', paneId: 'p', askId: 'a1' };
    view = mount(<Chat place={place} cards={['a1']} />);
    await nextFrame();
    expect(focused()).toBe('Yes a1');
    view.root.querySelector<HTMLElement>('h2')!.focus();
    view.rerender(<Chat place={place} cards={['a1', 'a9']} />);
    await nextFrame();
    expect(focused()).toBe('Chat');
  });

  it('opens the same ask id again in another agent’s chat, and nothing without an ask id', async () => {
    view = mount(<Chat place={{ agent: 'desk-a', paneId: 'p', askId: 'a1' }} cards={['a1']} />);
    await nextFrame();
    view.root.querySelector<HTMLElement>('h2')!.focus();
    view.rerender(<Chat place={{ agent: 'desk-b', paneId: 'p', askId: 'a1' }} cards={['a1']} />);
    await nextFrame();
    expect(focused()).toBe('Yes a1');
    view.root.querySelector<HTMLElement>('h2')!.focus();
    view.rerender(<Chat place={{ agent: 'desk-b', paneId: 'p' }} cards={['a1', 'a2']} />);
    await nextFrame();
    expect(focused()).toBe('Chat');
  });
});
