// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { mount, type Mounted } from '../views/ask-cards/testing/card-rig';
import { markup } from './markup';
import { MarkdownView } from './markdown-view';

let view: Mounted | undefined;
afterEach(() => view?.unmount());

it('draws markdown without code, tables and diffs included, asking for no colour', async () => {
  const asked = vi.spyOn(markup, 'make');
  view = mount(<MarkdownView text={'## Notes\n\n| a | b |\n|-|-|\n| 1 | 2 |\n\n```diff\n-x\n+y\n```\n\n```\nno language\n```'} />);
  expect(view.root.querySelector('.markdown.pending')?.textContent).toContain('## Notes'); // the text, until its markup is made
  await vi.waitFor(() => expect(view!.root.querySelector('.markdown h2')?.textContent).toBe('Notes'));
  expect(view.root.querySelector('.table-scroll td')?.textContent).toBe('1');
  expect(view.root.querySelector('.diff-add ins')?.textContent).toBe('y');
  expect(asked).toHaveBeenCalled();
  expect(asked.mock.calls.every(([job]) => job.kind === 'markdown' && !job.colour)).toBe(true); // so the highlighter is never loaded for it
  asked.mockRestore();
});

it('draws a fence that names a language plain at once, then highlighted once the highlighter has loaded', async () => {
  view = mount(<MarkdownView text={'Run:\n\n```sh\necho "hi" && ls\n```'} />);
  await vi.waitFor(() => expect(view!.root.querySelector('.markdown pre code')?.textContent).toBe('echo "hi" && ls'));
  await vi.waitFor(() => expect(view!.root.querySelector('.markdown pre code.hljs .hljs-built_in')?.textContent).toBe('echo'));
  expect(view.root.querySelector('.markdown pre code')?.textContent).toBe('echo "hi" && ls');
});
