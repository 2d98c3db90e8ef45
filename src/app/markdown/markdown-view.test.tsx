// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { mount, type Mounted } from '../views/ask-cards/testing/card-rig';
import { codeHighlighter } from './lazy-module';
import { MarkdownView } from './markdown-view';

let view: Mounted | undefined;
afterEach(() => view?.unmount());

// In this order: the first test proves that markdown without code never loads the highlighter.
it('draws markdown without code, tables and diffs included, without loading the highlighter', async () => {
  const highlighterLoads = vi.spyOn(codeHighlighter, 'load');
  view = mount(<MarkdownView text={'## Notes\n\n| a | b |\n|-|-|\n| 1 | 2 |\n\n```diff\n-x\n+y\n```\n\n```\nno language\n```'} />);
  expect(view.root.querySelector('.markdown.pending')?.textContent).toContain('## Notes'); // the text, until the renderer is there
  await vi.waitFor(() => expect(view!.root.querySelector('.markdown h2')?.textContent).toBe('Notes'));
  expect(view.root.querySelector('.table-scroll td')?.textContent).toBe('1');
  expect(view.root.querySelector('.diff-add ins')?.textContent).toBe('y');
  expect(highlighterLoads).not.toHaveBeenCalled();
  highlighterLoads.mockRestore();
});

it('draws a fence that names a language plain at once, then highlighted once the highlighter has loaded', async () => {
  view = mount(<MarkdownView text={'Run:\n\n```sh\necho "hi" && ls\n```'} />);
  await vi.waitFor(() => expect(view!.root.querySelector('.markdown pre code')?.textContent).toBe('echo "hi" && ls'));
  await vi.waitFor(() => expect(view!.root.querySelector('.markdown pre code.hljs .hljs-built_in')?.textContent).toBe('echo'));
  expect(view.root.querySelector('.markdown pre code')?.textContent).toBe('echo "hi" && ls');
});
