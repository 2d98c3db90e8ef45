// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { diffMarkup } from './diff-markup';
import { parseDiff } from './parse-diff';

const table = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div.querySelector('table')!;
};
const rowCells = (el: HTMLTableElement) => [...el.rows].map((tr) => [tr.className, ...[...tr.cells].map((cell) => cell.textContent)]);

it('draws each line with its old and new number, its sign, and its text in <ins> or <del>', () => {
  const el = table(diffMarkup(parseDiff('--- a/x.ts\n+++ b/x.ts\n@@ -7,2 +7,2 @@ f()\n-old\n+new\n same')!));
  expect(rowCells(el)).toEqual([
    ['diff-file', 'x.ts'],
    ['diff-hunk', '@@ -7,2 +7,2 @@ f()'],
    ['diff-del', '7', '', '\u2212', 'old'],
    ['diff-add', '', '7', '+', 'new'],
    ['diff-context', '8', '8', '', 'same'],
  ]);
  expect(el.querySelector('.diff-file th')?.getAttribute('colspan')).toBe('4');
  expect(el.querySelector('.diff-del .diff-text del')?.textContent).toBe('old');
  expect(el.querySelector('.diff-add .diff-text ins')?.textContent).toBe('new');
});

it('has no number columns when no hunk gave numbers', () => {
  const el = table(diffMarkup(parseDiff('note\n-old\n+new')!));
  expect(rowCells(el)).toEqual([
    ['diff-meta', 'note'],
    ['diff-del', '\u2212', 'old'],
    ['diff-add', '+', 'new'],
  ]);
  expect(el.querySelector('.diff-meta td')?.getAttribute('colspan')).toBe('2');
});

it('escapes every text it writes: paths, headers and lines', () => {
  const el = table(diffMarkup(parseDiff('--- a/<b>x</b>\n+++ b/"y"&\n@@ -1 +1 @@ <i>\n-<script>\n+<img src=x>')!));
  expect(el.querySelectorAll('b, i, script, img')).toHaveLength(0);
  expect(el.querySelector('.diff-file')?.textContent).toBe('<b>x</b> → "y"&');
  expect(el.textContent).toContain('<script>');
});
