// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { AskCard } from './ask-card';
import { button, cardProps, choiceAsk, inputLabelled, mount, tap, type Mounted } from './testing/card-rig';

let card: Mounted | undefined;
afterEach(() => card?.unmount());

const options = [
  { id: 'a', label: 'Apples' },
  { id: 'b', label: 'Bananas' },
  { id: 'c', label: 'Cherries' },
  { id: 'd', label: 'Dates' },
];

describe('choice card', () => {
  it('sends one option per tap when single', () => {
    const props = cardProps(choiceAsk());
    card = mount(<AskCard {...props} />);
    expect(card.root.querySelector('article')?.getAttribute('aria-label')).toBe('Deploy to staging?');
    expect(card.root.querySelectorAll('input')).toHaveLength(0);
    tap(button(card.root, 'No'));
    expect(props.onAnswer).toHaveBeenCalledWith({ optionIds: ['no'] }, { secondTap: false });
  });

  it('with multiple, enables Send only while the selection fits min and max', () => {
    const props = cardProps(choiceAsk({ multiple: true, options, min: 2, max: 3 }));
    card = mount(<AskCard {...props} />);
    const send = button(card.root, 'Send');
    expect(card.root.textContent).toContain('Choose 2 to 3.');
    expect(send.disabled).toBe(true);

    tap(inputLabelled(card.root, 'Cherries'));
    expect(send.disabled).toBe(true);
    tap(inputLabelled(card.root, 'Apples'));
    expect(send.disabled).toBe(false);
    tap(inputLabelled(card.root, 'Dates'));
    expect(send.disabled).toBe(false);
    tap(inputLabelled(card.root, 'Bananas'));
    expect(send.disabled).toBe(true);
    tap(send);
    expect(props.onAnswer).not.toHaveBeenCalled();

    tap(inputLabelled(card.root, 'Dates'));
    tap(send);
    // In the ask's own order, whatever order they were ticked in.
    expect(props.onAnswer).toHaveBeenCalledWith({ optionIds: ['a', 'b', 'c'] }, { secondTap: false });
  });

  it('defaults to at least one and says exactly when min equals max', () => {
    card = mount(<AskCard {...cardProps(choiceAsk({ multiple: true, options }))} />);
    expect(card.root.textContent).toContain('Choose 1 to 4.');
    expect(button(card.root, 'Send').disabled).toBe(true);
    tap(inputLabelled(card.root, 'Dates'));
    expect(button(card.root, 'Send').disabled).toBe(false);
    card.unmount();
    card = mount(<AskCard {...cardProps(choiceAsk({ multiple: true, options, min: 2, max: 2 }))} />);
    expect(card.root.textContent).toContain('Choose 2.');
  });

  it('disables the check boxes and Send while sending', () => {
    card = mount(<AskCard {...cardProps(choiceAsk({ multiple: true, options }), { status: { phase: 'sending' } })} />);
    expect([...card.root.querySelectorAll('input, button')].every((c) => (c as HTMLInputElement).disabled)).toBe(true);
  });
});
