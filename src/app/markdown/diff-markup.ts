import { escapeHtml } from './escape-html';
import { type DiffRow, fileTitle } from './parse-diff';

/**
 * A diff's rows as a table, for the sanitiser (sanitize-markup.ts) to read: one row a line, with
 * the old and the new line number when a hunk gave them, a sign column (`+`, `−`), and the line
 * inside `<ins>` or `<del>`, so an added or removed line is told by more than its colour. File
 * and hunk headers span the row. Every text is escaped here; the classes are the stylesheet's.
 */
export function diffMarkup(rows: readonly DiffRow[]): string {
  // Number columns only when some hunk gave numbers: a diff without headers has none to show.
  const numbered = rows.some((row) => 'oldLine' in row || 'newLine' in row);
  const span = numbered ? 4 : 2;
  const num = (n: number | undefined) => (numbered ? `<td class="diff-num">${n ?? ''}</td>` : '');
  const line = (kind: string, old: number | undefined, next: number | undefined, sign: string, text: string) =>
    `<tr class="diff-${kind}">${num(old)}${num(next)}<td class="diff-sign">${sign}</td><td class="diff-text">${text}</td></tr>`;
  let out = '<table class="diff"><tbody>';
  for (const row of rows) {
    switch (row.kind) {
      case 'file':
        out += `<tr class="diff-file"><th colspan="${span}">${escapeHtml(fileTitle(row))}</th></tr>`;
        break;
      case 'hunk':
      case 'meta':
        out += `<tr class="diff-${row.kind}"><td colspan="${span}">${escapeHtml(row.text)}</td></tr>`;
        break;
      case 'add':
        out += line('add', undefined, row.newLine, '+', `<ins>${escapeHtml(row.text)}</ins>`);
        break;
      case 'del':
        out += line('del', row.oldLine, undefined, '\u2212', `<del>${escapeHtml(row.text)}</del>`);
        break;
      case 'context':
        out += line('context', row.oldLine, row.newLine, '', escapeHtml(row.text));
        break;
    }
  }
  return `${out}</tbody></table>`;
}
