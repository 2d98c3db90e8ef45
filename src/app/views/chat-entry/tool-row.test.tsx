// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolItem } from '../../../wire/types';
import { ChatEntryView } from './chat-entry';
import { mount, type Mounted } from '../testing/acts-rig';

let view: Mounted | undefined;
afterEach(() => view?.unmount());

const tool: ToolItem = { id: 'tool-1', at: '2026-12-05T09:41:00Z', kind: 'tool', toolCallId: 'c1', name: 'write', summary: 'hello.txt', status: 'running' };
const row = (item: ToolItem, waiting: boolean) => {
  view?.unmount();
  view = mount(
    <ol>
      <ChatEntryView entry={{ type: 'item', item }} waiting={waiting} />
    </ol>,
  );
  return view.root.querySelector('li')!;
};

describe('a tool row', () => {
  it('that an open card waits on says it waits for the answer, not that it runs', () => {
    const waiting = row(tool, true);
    expect(waiting.querySelector('.tool-status')?.textContent).toBe('waiting for your answer');
    expect(waiting.classList.contains('status-waiting')).toBe(true);
    expect(waiting.classList.contains('status-running')).toBe(false);
    expect(row(tool, false).querySelector('.tool-status')?.textContent).toBe('running');
    // Once it ran, its own status: a card on it no longer changes the words.
    expect(row({ ...tool, status: 'done' }, true).querySelector('.tool-status')?.textContent).toBe('done');
  });
});
