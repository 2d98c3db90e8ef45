// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import type { ChatEntry } from '../../../wire/bridge-json';
import type { Item } from '../../../wire/types';
import { markup } from '../../markdown/markup';
import { mount, type Mounted } from '../ask-cards/testing/card-rig';
import { openingJobs, useOpeningMarkup } from './opening-markup';

const AT = '2026-12-02T10:00:00.000Z';
const entry = (item: DistributiveOmit<Item, 'at'>): ChatEntry => ({ type: 'item', item: { ...item, at: AT } });
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
const note = (i: number) => entry({ id: `n${i}`, kind: 'reply', text: `reply ${i}` });

it('waits for the markdown and the diffs around where the chat opens, not for colour or folded outputs', () => {
  const entries: ChatEntry[] = [
    entry({ id: 'far', kind: 'markdown', text: '# long ago' }),
    ...Array.from({ length: 60 }, (_, i) => note(i)),
    entry({ id: 'md', kind: 'markdown', text: '**now**' }),
    entry({ id: 'diff', kind: 'code', language: 'Diff', text: '@@ -1 +1 @@\n-a\n+b' }),
    entry({ id: 'ts', kind: 'code', language: 'ts', text: 'const a = 1;' }),
    entry({ id: 'tool', kind: 'tool', toolCallId: 't', name: 'edit', status: 'done', output: '@@ -1 +1 @@\n-a\n+b' }),
  ];
  expect(openingJobs(entries, entries.length - 1)).toEqual([
    { kind: 'markdown', text: '**now**', colour: false },
    { kind: 'diff', text: '@@ -1 +1 @@\n-a\n+b' },
  ]);
  expect(openingJobs(entries, 0)).toEqual([{ kind: 'markdown', text: '# long ago', colour: false }]); // opening at an unread entry
});

let view: Mounted | undefined;
afterEach(() => view?.unmount());

function Gate({ entries }: { entries: ChatEntry[] }) {
  return <p>{useOpeningMarkup(entries, null) ? 'drawn' : 'waiting'}</p>;
}

it('lets the rows be drawn once their markup is made, and from then on', async () => {
  const text = `**opening ${Math.random()}**`;
  const entries = [note(1), entry({ id: 'md', kind: 'markdown', text })];
  view = mount(<Gate entries={[]} />);
  expect(view.root.textContent).toBe('waiting'); // nothing read yet
  view.rerender(<Gate entries={entries} />);
  expect(view.root.textContent).toBe('waiting');
  await vi.waitFor(() => expect(view!.root.textContent).toBe('drawn'));
  expect(markup.made({ kind: 'markdown', text, colour: false })).toContain('<strong>');
  view.rerender(<Gate entries={[...entries, entry({ id: 'md2', kind: 'markdown', text: `new ${Math.random()}` })]} />);
  expect(view.root.textContent).toBe('drawn'); // a later item waits for nothing
});

it('draws at once a chat whose markup was made before (a chat opened again)', async () => {
  const text = `**again ${Math.random()}**`;
  await markup.make({ kind: 'markdown', text, colour: false });
  view = mount(<Gate entries={[entry({ id: 'md', kind: 'markdown', text })]} />);
  expect(view.root.textContent).toBe('drawn');
});

it('draws a chat with nothing to make at once', () => {
  view = mount(<Gate entries={[note(1), note(2)]} />);
  expect(view.root.textContent).toBe('drawn');
});
