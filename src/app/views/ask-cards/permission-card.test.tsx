// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AskCard } from './ask-card';
import { button, buttons, cardProps, mount, permissionAsk, tap, type Mounted } from './testing/card-rig';

let card: Mounted | undefined;
afterEach(() => card?.unmount());

const names = (m: Mounted) => buttons(m.root).map((b) => b.textContent);

describe('permission card', () => {
  it('is headed by the tool and shows its command, never the model text', () => {
    const ask = permissionAsk();
    card = mount(<AskCard {...cardProps(ask)} />);
    const article = card.root.querySelector('article')!;
    expect(article.getAttribute('aria-label')).toBe('bash wants to run');
    expect(article.querySelector('.ask-title')?.textContent).toBe('bash wants to run');
    expect(article.querySelector('pre')?.textContent).toBe('rm -rf build && npm test');
    expect(article.textContent).not.toContain(ask.title);
    expect(article.textContent).not.toContain(ask.reason!);
    expect(article.innerHTML).not.toContain('Trust me');
  });

  it('shows a write as its path and the content it writes, an edit as its lines, never raw JSON', () => {
    card = mount(<AskCard {...cardProps(permissionAsk({ tool: { name: 'write', input: { path: 'hello.txt', content: 'hi from the phone' } } }))} />);
    let article = card.root.querySelector('article')!;
    expect(article.querySelector('.ask-tool-path')?.textContent).toBe('hello.txt');
    expect(article.querySelector('.ask-tool-content')?.textContent).toBe('hi from the phone');
    expect(article.textContent).not.toContain('{');
    card.unmount();
    card = mount(<AskCard {...cardProps(permissionAsk({ tool: { name: 'edit', input: { path: 'a.ts', edits: [{ oldText: 'let x = 1;', newText: 'const x = 1;' }] } } }))} />);
    article = card.root.querySelector('article')!;
    expect([...article.querySelectorAll('.ask-tool-diff span')].map((l) => [l.className, l.textContent])).toEqual([
      ['del', '-let x = 1;\n'],
      ['add', '+const x = 1;\n'],
    ]);
  });

  it('draws the input as text, not markup', () => {
    const ask = permissionAsk({ tool: { name: 'write', input: { command: '<img src=x onerror=alert(1)>' } } });
    card = mount(<AskCard {...cardProps(ask)} />);
    expect(card.root.querySelector('img')).toBeNull();
    expect(card.root.querySelector('pre')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('sends allow and deny with one tap, not as a second tap', () => {
    const props = cardProps(permissionAsk());
    card = mount(<AskCard {...props} />);
    tap(button(card.root, 'Allow'));
    expect(props.onAnswer).toHaveBeenCalledWith({ optionIds: ['allow'] }, { secondTap: false });
    tap(button(card.root, 'Deny'));
    expect(props.onAnswer).toHaveBeenLastCalledWith({ optionIds: ['deny'] }, { secondTap: false });
  });

  it('needs two taps for allow-always: the first arms it and says so', () => {
    const props = cardProps(permissionAsk());
    card = mount(<AskCard {...props} />);
    const always = button(card.root, 'Always allow');
    expect(card.root.querySelector('.ask-armed')?.textContent).toBe('');
    tap(always);
    expect(props.onAnswer).not.toHaveBeenCalled();
    expect(always.getAttribute('aria-pressed')).toBe('true');
    expect(card.root.querySelector('.ask-armed')?.textContent).toBe('Tap again to allow always: this tool then runs without asking for the rest of this conversation.');
    tap(always);
    expect(props.onAnswer).toHaveBeenCalledTimes(1);
    expect(props.onAnswer).toHaveBeenCalledWith({ optionIds: ['always'] }, { secondTap: true });
  });

  it('disarms on any other tap', () => {
    const props = cardProps(permissionAsk());
    card = mount(<AskCard {...props} />);
    tap(button(card.root, 'Always allow'));
    tap(card.root.querySelector('pre'));
    expect(card.root.querySelector('.ask-armed')?.textContent).toBe('');
    tap(button(card.root, 'Always allow'));
    expect(props.onAnswer).not.toHaveBeenCalled();

    tap(button(card.root, 'Deny'));
    expect(props.onAnswer).toHaveBeenCalledWith({ optionIds: ['deny'] }, { secondTap: false });
    tap(button(card.root, 'Always allow'));
    expect(props.onAnswer).toHaveBeenCalledTimes(1);
  });

  it('forgets the first tap when the ask changes', () => {
    const props = cardProps(permissionAsk());
    card = mount(<AskCard {...props} />);
    tap(button(card.root, 'Always allow'));
    card.rerender(<AskCard {...props} ask={permissionAsk({ revision: 2, hash: 'h2' })} />);
    tap(button(card.root, 'Always allow'));
    expect(props.onAnswer).not.toHaveBeenCalled();
  });

  it.each([
    ['over a token', cardProps(permissionAsk(), { overToken: true })],
    ['when the text was shortened', cardProps(permissionAsk({ shortened: true }))],
    ['when the card names no tool', cardProps(permissionAsk({ tool: null }))],
  ])('does not offer allow-always %s', (_why, props) => {
    card = mount(<AskCard {...props} />);
    expect(names(card)).toEqual(['Allow', 'Deny']);
  });

  it('names no tool with fixed copy, not the title', () => {
    const ask = permissionAsk({ tool: null });
    card = mount(<AskCard {...cardProps(ask)} />);
    expect(card.root.querySelector('article')?.getAttribute('aria-label')).toBe('A tool with no name wants to run');
    expect(card.root.querySelector('pre')).toBeNull();
    expect(card.root.textContent).not.toContain(ask.title);
  });

  it('sends nothing while sending', () => {
    const onAnswer = vi.fn();
    card = mount(<AskCard {...cardProps(permissionAsk(), { onAnswer, status: { phase: 'sending' } })} />);
    expect(buttons(card.root).every((b) => b.disabled)).toBe(true);
    tap(button(card.root, 'Allow'));
    expect(onAnswer).not.toHaveBeenCalled();
  });
});
