/**
 * Unified diffs, as `diff -u` and `git diff` write them, read into rows to draw: file headers,
 * hunk headers, and each line added, removed or kept with its old and new line numbers (known
 * only inside a hunk, from its `@@ -a,b +c,d @@` header). Agent text, so anything goes: a line
 * this does not know is a `meta` row, a hunk whose counts are wrong ends where its lines stop
 * looking like a hunk, and a text without headers still shows its `+` and `-` lines.
 */

export type DiffRow =
  /** A `--- old` / `+++ new` pair: the file the lines below change (`/dev/null` when created or deleted). */
  | { kind: 'file'; from: string; to: string }
  /** `@@ -a,b +c,d @@ context`, as written. */
  | { kind: 'hunk'; text: string }
  /** A line's text is without its `+`, `-` or space; its numbers are there when a hunk gave them. */
  | { kind: 'add'; text: string; newLine?: number }
  | { kind: 'del'; text: string; oldLine?: number }
  | { kind: 'context'; text: string; oldLine?: number; newLine?: number }
  /** `diff --git`, `index`, `\ No newline at end of file`, or anything else, as written. */
  | { kind: 'meta'; text: string };

/**
 * More lines than this are drawn as plain text. The wire's limits keep a diff to 32 KiB, but
 * 32 KiB of one-character lines would be a table of 16,000 rows in one chat row.
 */
export const MAX_DIFF_LINES = 3000;

/** Line numbers of at most nine digits: a larger one is not a line, and is not read as a number. */
const HUNK = /^@@ -(\d{1,9})(?:,(\d{1,9}))? \+(\d{1,9})(?:,(\d{1,9}))? @@/;
const FILE_PAIR = /^--- .*(?:\r\n?|\n)\+\+\+ /m;
const HUNK_ANYWHERE = /^@@ -\d{1,9}(?:,\d{1,9})? \+\d{1,9}(?:,\d{1,9})? @@/m;

/** The languages a code item or fence names a diff by. */
export const isDiffLanguage = (language: string | undefined): boolean => language === 'diff' || language === 'patch';

/** True when the text holds a unified diff: a hunk header, or a `---` line followed by a `+++` line. */
export function isUnifiedDiff(text: string): boolean {
  return HUNK_ANYWHERE.test(text) || FILE_PAIR.test(text);
}

/** The rows of a diff, or null when it has more than MAX_DIFF_LINES lines (drawn as plain text then). */
export function parseDiff(text: string): DiffRow[] | null {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop(); // the newline that ends the last line
  if (lines.length > MAX_DIFF_LINES) return null;
  const rows: DiffRow[] = [];
  // Inside a hunk: the next numbers, and how many old and new lines its header said are left.
  let oldLine = 0;
  let newLine = 0;
  let oldLeft = 0;
  let newLeft = 0;
  const isFilePair = (i: number) => lines[i]!.startsWith('--- ') && lines[i + 1]?.startsWith('+++ ') === true;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const hunk = HUNK.exec(line);
    if (hunk) {
      oldLine = Number(hunk[1]);
      oldLeft = hunk[2] === undefined ? 1 : Number(hunk[2]);
      newLine = Number(hunk[3]);
      newLeft = hunk[4] === undefined ? 1 : Number(hunk[4]);
      rows.push({ kind: 'hunk', text: line });
      continue;
    }
    if (oldLeft > 0 || newLeft > 0) {
      // The next file's header after a hunk that promised more lines than it had.
      const nextFile = isFilePair(i) && lines[i + 2] !== undefined && HUNK.test(lines[i + 2]!);
      const sign = line[0];
      if (!nextFile && (sign === ' ' || line === '')) {
        // An empty line is a kept empty line whose space an editor or a copy removed.
        rows.push({ kind: 'context', text: line.slice(1), oldLine, newLine });
        oldLine += 1;
        newLine += 1;
        oldLeft -= 1;
        newLeft -= 1;
        continue;
      }
      if (!nextFile && sign === '-') {
        rows.push({ kind: 'del', text: line.slice(1), oldLine });
        oldLine += 1;
        oldLeft -= 1;
        continue;
      }
      if (!nextFile && sign === '+') {
        rows.push({ kind: 'add', text: line.slice(1), newLine });
        newLine += 1;
        newLeft -= 1;
        continue;
      }
      if (sign === '\\') {
        rows.push({ kind: 'meta', text: line });
        continue;
      }
      oldLeft = newLeft = 0; // the hunk ended early: this line is read as outside one
    }
    if (isFilePair(i)) {
      rows.push({ kind: 'file', from: filePath(line), to: filePath(lines[i + 1]!) });
      i += 1;
    } else if (line[0] === '+') rows.push({ kind: 'add', text: line.slice(1) });
    else if (line[0] === '-') rows.push({ kind: 'del', text: line.slice(1) });
    else if (line[0] === ' ') rows.push({ kind: 'context', text: line.slice(1) });
    else rows.push({ kind: 'meta', text: line });
  }
  return rows;
}

/** `--- a/src/x.ts\t2024-01-01 10:00` → `src/x.ts`: the header's path, without git's a/ b/ and a date after a tab. */
function filePath(header: string): string {
  const path = header.slice(4).split('\t')[0]!.trim();
  return /^[ab]\//.test(path) ? path.slice(2) : path;
}

/** The one name a file header shows: the path, or `old → new` when the file moved. */
export function fileTitle({ from, to }: { from: string; to: string }): string {
  if (to === '/dev/null' || to === from) return from;
  if (from === '/dev/null') return to;
  return `${from} → ${to}`;
}
