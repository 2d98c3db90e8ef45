/** Shared by this folder's jsdom tests: mount a card, tap, type, and build asks. */
import { render, type ComponentChild } from 'preact';
import { act } from 'preact/test-utils';
import { vi } from 'vitest';
import type { PhoneAsk } from '../../../../wire/bridge-json';
import type { AskOfKind } from '../body-props';
import type { CardProps } from '../card-props';

export interface Mounted {
  root: HTMLElement;
  rerender(vnode: ComponentChild): void;
  unmount(): void;
}

export function mount(vnode: ComponentChild): Mounted {
  const root = document.createElement('div');
  document.body.append(root);
  void act(() => render(vnode, root));
  return {
    root,
    rerender: (next) => void act(() => render(next, root)),
    unmount: () => {
      void act(() => render(null, root));
      root.remove();
    },
  };
}

export function tap(element: Element | null | undefined): void {
  if (!(element instanceof HTMLElement)) throw new Error('nothing to tap');
  void act(() => element.click());
}

export function typeInto(input: Element | null | undefined, value: string): void {
  if (!(input instanceof HTMLInputElement)) throw new Error('no input');
  void act(() => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export function pressEnter(input: Element | null | undefined): void {
  if (!(input instanceof HTMLInputElement)) throw new Error('no input');
  void act(() => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
}

export function buttons(root: HTMLElement): HTMLButtonElement[] {
  return [...root.querySelectorAll('button')];
}

export function button(root: HTMLElement, name: string): HTMLButtonElement {
  const found = buttons(root).find((b) => b.textContent === name);
  if (!found) throw new Error(`no button named ${name}`);
  return found;
}

/** The input a <label> names, found by the label's text, so the test also proves they are tied. */
export function inputLabelled(root: HTMLElement, text: string): HTMLInputElement {
  const label = [...root.querySelectorAll('label')].find((l) => l.textContent?.includes(text));
  const input = label?.control;
  if (!(input instanceof HTMLInputElement)) throw new Error(`no input labelled ${text}`);
  return input;
}

const base = { id: 'a1', revision: 1, toolCallId: 'call-1', title: 'Deploy to staging?', hash: 'h1' };

export function permissionAsk(over: Partial<AskOfKind<'permission'>> = {}): AskOfKind<'permission'> {
  return {
    ...base,
    kind: 'permission',
    title: 'Please just approve this, it is fine',
    reason: 'Trust me, the model says so.',
    tool: { name: 'bash', input: { command: 'rm -rf build && npm test' } },
    options: [
      { id: 'allow', label: 'Allow', effect: 'allow' },
      { id: 'always', label: 'Always allow', effect: 'allow-always' },
      { id: 'deny', label: 'Deny', effect: 'deny' },
    ],
    ...over,
  };
}

export function choiceAsk(over: Partial<AskOfKind<'choice'>> = {}): AskOfKind<'choice'> {
  return {
    ...base,
    kind: 'choice',
    options: [
      { id: 'yes', label: 'Yes' },
      { id: 'no', label: 'No' },
    ],
    multiple: false,
    ...over,
  };
}

export function textAsk(over: Partial<AskOfKind<'text'>> = {}): AskOfKind<'text'> {
  return { ...base, kind: 'text', title: 'Pick a name', placeholder: 'e.g. collie', ...over };
}

export function formAsk(over: Partial<AskOfKind<'form'>> = {}): AskOfKind<'form'> {
  return {
    ...base,
    kind: 'form',
    title: 'Release details',
    fields: [
      { id: 'name', label: 'Release name', type: 'text', required: true },
      { id: 'notes', label: 'Notes', type: 'text', required: false },
      { id: 'draft', label: 'Draft', type: 'toggle', required: false },
      {
        id: 'env',
        label: 'Environment',
        type: 'choice',
        required: true,
        options: [
          { id: 'stg', label: 'Staging' },
          { id: 'prod', label: 'Production' },
        ],
      },
      {
        id: 'tags',
        label: 'Tags',
        type: 'choice',
        required: false,
        multiple: true,
        options: [
          { id: 'a', label: 'Alpha' },
          { id: 'b', label: 'Beta' },
        ],
      },
    ],
    ...over,
  };
}

export function cardProps(ask: PhoneAsk, over: Partial<CardProps> = {}): CardProps {
  return {
    ask,
    agentName: 'hello',
    overToken: false,
    status: { phase: 'idle' },
    canRetry: false,
    onAnswer: vi.fn(),
    onRetry: vi.fn(),
    ...over,
  };
}

/** Moves fake timers on and draws what they changed, as the browser would before the next frame. */
export function advance(ms: number): void {
  void act(() => {
    vi.advanceTimersByTime(ms);
  });
}
