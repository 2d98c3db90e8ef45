// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { AskCard } from './ask-card';
import { button, cardProps, inputLabelled, mount, pressEnter, tap, textAsk, typeInto, type Mounted } from './testing/card-rig';

let card: Mounted | undefined;
afterEach(() => card?.unmount());

describe('text card', () => {
  it('sends the typed line with Send', () => {
    const props = cardProps(textAsk());
    card = mount(<AskCard {...props} />);
    expect(card.root.querySelector('article')?.getAttribute('aria-label')).toBe('Pick a name');
    const input = inputLabelled(card.root, 'Your answer');
    expect(input.placeholder).toBe('e.g. collie');
    typeInto(input, 'shep');
    tap(button(card.root, 'Send'));
    expect(props.onAnswer).toHaveBeenCalledWith({ text: 'shep' }, { secondTap: false });
  });

  it('sends once on Enter', () => {
    const props = cardProps(textAsk());
    card = mount(<AskCard {...props} />);
    const input = inputLabelled(card.root, 'Your answer');
    typeInto(input, 'rex');
    pressEnter(input);
    expect(props.onAnswer).toHaveBeenCalledTimes(1);
    expect(props.onAnswer).toHaveBeenCalledWith({ text: 'rex' }, { secondTap: false });
  });

  it('never sends empty or blank text', () => {
    const props = cardProps(textAsk());
    card = mount(<AskCard {...props} />);
    const input = inputLabelled(card.root, 'Your answer');
    expect(button(card.root, 'Send').disabled).toBe(true);
    pressEnter(input);
    typeInto(input, '   ');
    expect(button(card.root, 'Send').disabled).toBe(true);
    pressEnter(input);
    tap(button(card.root, 'Send'));
    expect(props.onAnswer).not.toHaveBeenCalled();
  });

  it('sends nothing while sending', () => {
    const props = cardProps(textAsk(), { status: { phase: 'sending' } });
    card = mount(<AskCard {...props} />);
    const input = inputLabelled(card.root, 'Your answer');
    expect(input.disabled).toBe(true);
    typeInto(input, 'rex');
    pressEnter(input);
    expect(button(card.root, 'Send').disabled).toBe(true);
    expect(props.onAnswer).not.toHaveBeenCalled();
  });
});
