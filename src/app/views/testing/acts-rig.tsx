/** Shared by the jsdom tests of the views that act: chats, caps, typing, and waiting for replies. */
import { act } from 'preact/test-utils';
import type { AgentRow, ChatJson } from '../../../wire/bridge-json';
import { CAP_NAMES, type CapName, type Caps } from '../../../wire/types';

export { button, buttons, mount, tap, type Mounted } from '../ask-cards/testing/card-rig';

/** Only the caps named are declared. */
export function capsOf(...names: CapName[]): Caps {
  return Object.fromEntries(CAP_NAMES.map((name) => [name, names.includes(name)])) as Caps;
}

export function agentRow(caps: Caps | null): AgentRow {
  return { name: 'desk', where: 'here', status: 'ok', open: 1, needsYou: 0, caps };
}

export function chatJson(over: { caps?: Caps | null; pane?: Partial<ChatJson['pane']> } & Partial<Omit<ChatJson, 'pane' | 'agent'>> = {}): ChatJson {
  const { caps = capsOf('send', 'steer', 'abort'), pane, ...rest } = over;
  return {
    agent: agentRow(caps),
    pane: { id: 'p1', title: 'Release', workspaceId: 'w1', tabId: 't1', state: 'idle', turn: null, belt: [], ...pane },
    entries: [],
    asks: [],
    trimmed: false,
    sends: [],
    ...rest,
  };
}

export const runningTurn = { id: 'turn-7', state: 'running' as const, queued: 0 };

/** Types into a text box or a text area the way a person does: the value, then an input event. */
export function typeText(input: Element | null | undefined, value: string): void {
  if (!(input instanceof HTMLTextAreaElement || input instanceof HTMLInputElement)) throw new Error('no text box');
  void act(() => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The text box a <label> names, found by the label's text, so the test also proves they are tied. */
export function boxLabelled(root: HTMLElement, text: string): HTMLTextAreaElement | HTMLInputElement {
  const label = [...root.querySelectorAll('label')].find((l) => l.textContent === text);
  const box = label?.control;
  if (!(box instanceof HTMLTextAreaElement || box instanceof HTMLInputElement)) throw new Error(`no text box labelled ${text}`);
  return box;
}

/** Lets pending replies land and draws what they changed. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });
}

export const statusText = (root: HTMLElement) => root.querySelector('.act-status')?.textContent ?? '';
export const problemText = (root: HTMLElement) => root.querySelector('.act-problem')?.textContent ?? '';
export const buttonNames = (root: HTMLElement) => [...root.querySelectorAll('button')].map((b) => b.textContent);
