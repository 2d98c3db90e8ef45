// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import type { ChatEntry } from '../../../wire/bridge-json';
import { mount, type Mounted } from '../ask-cards/testing/card-rig';
import { ChatLog } from './chat-log';

const said = vi.hoisted(() => ({ drawn: 0, markupIn: Promise.resolve() }));
vi.mock('../../first-content', () => ({ firstContentDrawn: () => (said.drawn += 1) }));
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
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

it("says the first screen's content is drawn once its first rows are painted with all their markup, and only then", async () => {
  said.drawn = 0;
  let markupIn!: () => void;
  said.markupIn = new Promise<void>((resolve) => (markupIn = resolve));
  view = mount(<ChatLog entries={[]} trimmed={false} older={null} />);
  await painted();
  expect(said.drawn).toBe(0); // no rows yet: the chat's read has not come
  view.rerender(<ChatLog entries={entries} trimmed={false} older={null} />);
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
  view.rerender(<ChatLog entries={[...entries, { type: 'item', item: { id: 'r2', at, kind: 'reply', text: 'done' } }]} trimmed={false} older={null} />);
  await painted();
  await painted();
  expect(said.drawn).toBe(1);
});
