// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { mount, type Mounted } from '../../ask-cards/testing/card-rig';
import { WindowedList } from './windowed-list';

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.restoreAllMocks();
});

const items = Array.from({ length: 200 }, (_, i) => `row ${i}`);
const list = (shown: readonly string[]) => (
  <WindowedList items={shown} keyOf={(item) => item} estimate={() => 40} row={(item, _i, ref) => <li ref={ref}>{item}</li>} listClass="entries" />
);

it("draws a chat's opening rows without reading the layout in the same task: the frame lays them out once", () => {
  // jsdom has no CSS: the browser's own scroll anchoring is what Chrome has, so the list only checks a change of rows.
  vi.stubGlobal('CSS', { supports: () => true });
  const boxes = vi.spyOn(Element.prototype, 'getBoundingClientRect');
  const viewport = vi.spyOn(window, 'innerHeight', 'get');
  view = mount(list([]));
  boxes.mockClear();
  viewport.mockClear();
  view.rerender(list(items));
  expect(view.root.querySelectorAll('li').length).toBeGreaterThan(0);
  expect(view.root.querySelectorAll('li').length).toBeLessThan(items.length); // windowed: the last rows only
  expect(boxes).not.toHaveBeenCalled();
  expect(viewport).not.toHaveBeenCalled();
});
