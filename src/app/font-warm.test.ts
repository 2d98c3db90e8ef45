// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { warmFonts } from './font-warm';

it('lays out each face once, each in a task of its own, and leaves nothing in the page', () => {
  const tasks: (() => void)[] = [];
  const laidOut: string[] = [];
  const append = document.body.append.bind(document.body);
  document.body.append = (...nodes) => {
    for (const node of nodes) if (node instanceof HTMLElement) laidOut.push(node.innerHTML);
    append(...nodes);
  };
  try {
    warmFonts((task) => tasks.push(task));
    expect(laidOut).toEqual([]); // nothing before the page is idle
    for (const task of tasks) task();
  } finally {
    document.body.append = append;
  }
  expect(laidOut).toEqual(['<b>Aa</b>', '<strong>Aa</strong>', '<i>Aa</i>', '<code>Aa</code>', '<strong><code>Aa</code></strong>']);
  expect(tasks).toHaveLength(laidOut.length);
  expect(document.body.children).toHaveLength(0);
});
