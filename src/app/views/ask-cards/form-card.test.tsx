// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { AskCard } from './ask-card';
import { button, cardProps, formAsk, inputLabelled, mount, tap, typeInto, type Mounted } from './testing/card-rig';

let card: Mounted | undefined;
afterEach(() => card?.unmount());

describe('form card', () => {
  it('draws each field with a tied label: text input, toggle, radios, check boxes', () => {
    card = mount(<AskCard {...cardProps(formAsk())} />);
    expect(card.root.querySelector('article')?.getAttribute('aria-label')).toBe('Release details');
    expect(inputLabelled(card.root, 'Release name').type).toBe('text');
    expect(inputLabelled(card.root, 'Draft').type).toBe('checkbox');
    expect(inputLabelled(card.root, 'Staging').type).toBe('radio');
    expect(inputLabelled(card.root, 'Alpha').type).toBe('checkbox');
    expect(card.root.querySelector('legend')?.textContent).toBe('Environment (required)');
  });

  it('sends values in their shapes and leaves untouched optional fields out', () => {
    const props = cardProps(formAsk());
    card = mount(<AskCard {...props} />);
    typeInto(inputLabelled(card.root, 'Release name'), 'v1.2');
    tap(inputLabelled(card.root, 'Staging'));
    tap(inputLabelled(card.root, 'Production'));
    tap(button(card.root, 'Send'));
    expect(props.onAnswer).toHaveBeenCalledWith({ values: { name: 'v1.2', env: ['prod'] } }, { secondTap: false });
  });

  it('sends toggles as booleans and multiple choices as option ids', () => {
    const props = cardProps(formAsk());
    card = mount(<AskCard {...props} />);
    typeInto(inputLabelled(card.root, 'Release name'), 'v2');
    typeInto(inputLabelled(card.root, 'Notes'), 'first line');
    tap(inputLabelled(card.root, 'Draft'));
    tap(inputLabelled(card.root, 'Staging'));
    tap(inputLabelled(card.root, 'Beta'));
    tap(inputLabelled(card.root, 'Alpha'));
    tap(button(card.root, 'Send'));
    expect(props.onAnswer).toHaveBeenCalledWith({ values: { name: 'v2', notes: 'first line', draft: true, env: ['stg'], tags: ['b', 'a'] } }, { secondTap: false });
  });

  it('names the missing required fields and sends nothing', () => {
    const props = cardProps(formAsk());
    card = mount(<AskCard {...props} />);
    const problem = () => card!.root.querySelector('[role="alert"].ask-problem');
    expect(problem()).toBeNull();
    typeInto(inputLabelled(card.root, 'Release name'), '   ');
    tap(button(card.root, 'Send'));
    expect(props.onAnswer).not.toHaveBeenCalled();
    expect(problem()?.textContent).toBe('Fill in before sending: Release name, Environment.');
    expect(inputLabelled(card.root, 'Release name').getAttribute('aria-invalid')).toBe('true');

    typeInto(inputLabelled(card.root, 'Release name'), 'v3');
    expect(problem()?.textContent).toBe('Fill in before sending: Environment.');
    tap(inputLabelled(card.root, 'Staging'));
    expect(problem()).toBeNull();
    tap(button(card.root, 'Send'));
    expect(props.onAnswer).toHaveBeenCalledWith({ values: { name: 'v3', env: ['stg'] } }, { secondTap: false });
  });

  it('disables every field and Send while sending', () => {
    const props = cardProps(formAsk(), { status: { phase: 'sending' } });
    card = mount(<AskCard {...props} />);
    const controls = [...card.root.querySelectorAll('input, button')] as HTMLInputElement[];
    expect(controls.length).toBeGreaterThan(0);
    expect(controls.every((c) => c.disabled)).toBe(true);
    tap(button(card.root, 'Send'));
    expect(props.onAnswer).not.toHaveBeenCalled();
  });
});
