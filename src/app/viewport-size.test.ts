// @vitest-environment jsdom
import { expect, it, vi } from 'vitest';
import { viewportSize } from './viewport-size';

it('keeps the size it read until the window is resized', () => {
  const width = vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(412);
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(823);
  expect(viewportSize()).toEqual({ width: 412, height: 823 });
  width.mockReturnValue(900);
  expect(viewportSize().width).toBe(412); // read in a render, it would lay out the page first
  window.dispatchEvent(new Event('resize'));
  expect(viewportSize()).toEqual({ width: 900, height: 823 });
});
