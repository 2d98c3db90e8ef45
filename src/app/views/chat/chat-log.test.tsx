// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import type { ChatEntry } from '../../../wire/bridge-json';
import { mount, type Mounted } from '../ask-cards/testing/card-rig';
import { ChatLog } from './chat-log';
import { RowsPainted } from './rows-painted';

const said = vi.hoisted(() => ({ drawn: 0, markupIn: Promise.resolve() }));
vi.mock('../../markdown/markup', async (original) => {
  const { markup } = await original<typeof import('../../markdown/markup')>();
  return { markup: { ...markup, settled: () => said.markupIn } };
});

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const at = '2026-12-01T10:00:00.000Z';
const entries: ChatEntry[] = [
  { type: 'item', item: { id: 'u', at, kind: 'user', text: 'ship it' } },
  { type: 'item', item: { id: 'r', at, kind: 'reply', text: 'on it' } },
];
/** A chat log told, as the start-up tells it, whom to tell that its first rows are painted. */
const tell = () => void (said.drawn += 1);
const log = (list: ChatEntry[]) => (
  <RowsPainted.Provider value={tell}>
    <ChatLog entries={list} trimmed={false} older={null} />
  </RowsPainted.Provider>
);
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

it("says the first screen's content is drawn once its first rows are painted with all their markup, and only then", async () => {
  said.drawn = 0;
  let markupIn!: () => void;
  said.markupIn = new Promise<void>((resolve) => (markupIn = resolve));
  view = mount(log([]));
  await painted();
  expect(said.drawn).toBe(0); // no rows yet: the chat's read has not come
  view.rerender(log(entries));
  expect(view.root.querySelectorAll('ol.entries > li').length).toBe(2);
  expect(said.drawn).toBe(0); // drawn, not painted yet
  await painted();
  await painted();
  expect(said.drawn).toBe(0); // painted, the rows' markup (their colour) still being made
  markupIn();
  await said.markupIn;
  expect(said.drawn).toBe(0); // made, not painted yet
  await painted();
  expect(said.drawn).toBe(1);
  view.rerender(log([...entries, { type: 'item', item: { id: 'r2', at, kind: 'reply', text: 'done' } }]));
  await painted();
  await painted();
  expect(said.drawn).toBe(1);
});
