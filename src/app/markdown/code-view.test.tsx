// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { mount, type Mounted } from '../views/ask-cards/testing/card-rig';
import { CodeView } from './code-view';
import { markup } from './markup';

let view: Mounted | undefined;
afterEach(() => view?.unmount());

it('draws code without a language as its text, asking for no markup', () => {
  const asked = vi.spyOn(markup, 'make');
  view = mount(<CodeView text={'<b>plain</b>\nsecond line'} label="Code" />); // effects run within mount
  const pre = view.root.querySelector('pre')!;
  expect(pre.textContent).toBe('<b>plain</b>\nsecond line');
  expect([pre.getAttribute('tabindex'), pre.getAttribute('aria-label')]).toEqual(['0', 'Code']);
  expect(view.root.querySelector('b, .hljs')).toBeNull();
  expect(asked).not.toHaveBeenCalled();
  asked.mockRestore();
});

it('draws a diff as a table of its lines in a named, focusable group, asking for no colour', async () => {
  const asked = vi.spyOn(markup, 'make');
  view = mount(<CodeView text={'@@ -1 +1 @@\n-old\n+new'} language="Diff" label="Code, diff" />);
  expect(view.root.querySelector('pre')?.textContent).toBe('@@ -1 +1 @@\n-old\n+new'); // until its markup is made
  await vi.waitFor(() => expect(view!.root.querySelector('table.diff')).not.toBeNull());
  const group = view.root.querySelector('.diff-scroll')!;
  expect([group.getAttribute('role'), group.getAttribute('aria-label'), group.getAttribute('tabindex')]).toEqual(['group', 'Code, diff', '0']);
  expect(group.querySelector('.diff-del del')?.textContent).toBe('old');
  expect(group.querySelector('.diff-add ins')?.textContent).toBe('new');
  expect(new Set(asked.mock.calls.map(([job]) => job.kind))).toEqual(new Set(['diff']));
  asked.mockRestore();
});

it('draws a diff too large for a table as plain text', async () => {
  const huge = '+x\n'.repeat(5000);
  view = mount(<CodeView text={huge} language="diff" label="Code, diff" />);
  await vi.waitFor(() => expect(markup.made({ kind: 'diff', text: huge })).toBeNull()); // made: none
  expect(view.root.querySelector('table')).toBeNull();
  expect(view.root.querySelector('pre')?.textContent).toBe(huge);
});

it('highlights code in a language it knows once the highlighter has loaded, keeping the text', async () => {
  view = mount(<CodeView text={'const a = "<b>";'} language="ts" label="Code, ts" />);
  await vi.waitFor(() => expect(view!.root.querySelector('code.hljs .hljs-keyword')?.textContent).toBe('const'));
  expect(view.root.querySelector('code')?.textContent).toBe('const a = "<b>";');
  expect(view.root.querySelectorAll('code')).toHaveLength(1);
  expect(view.root.querySelector('b')).toBeNull();
});

it('shows code in a language it does not know as its text', async () => {
  view = mount(<CodeView text="x <i>y</i>" language="klingon" label="Code, klingon" />);
  await vi.waitFor(() => expect(view!.root.querySelector('code.hljs')).not.toBeNull());
  expect(view.root.querySelector('code')?.textContent).toBe('x <i>y</i>');
  expect(view.root.querySelector('i, span')).toBeNull();
});
