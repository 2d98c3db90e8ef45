/**
 * A file's change as a unified diff (`--- a/path`, `+++ b/path`, `@@` hunks with three lines of
 * context), the form the phone's diff view reads. Lines are matched by a longest common
 * subsequence while the two texts are small enough (`MAX_CELLS`); past that, every old line is
 * removed and every new one added, which is still true, only longer.
 */
const CONTEXT = 3;
const MAX_CELLS = 4_000_000;

type Op = { kind: ' ' | '-' | '+'; text: string; oldAt: number; newAt: number };

export function unifiedDiff(path: string, oldText: string | null, newText: string): string {
  const before = oldText === null || oldText === '' ? [] : splitLines(oldText);
  const after = newText === '' ? [] : splitLines(newText);
  // An absolute path keeps its one slash after a/ and b/, as git writes a path from the root.
  const named = path.replace(/^\/+/, '');
  const header = `--- ${oldText === null ? '/dev/null' : `a/${named}`}\n+++ b/${named}\n`;
  const ops = diffLines(before, after);
  const hunks: string[] = [];
  for (let i = 0; i < ops.length;) {
    if (ops[i]!.kind === ' ') {
      i += 1;
      continue;
    }
    const start = Math.max(0, i - CONTEXT);
    // The hunk runs on while the next change is within twice the context of the last.
    let end = i;
    for (let j = i + 1; j < ops.length && j - end <= 2 * CONTEXT; j += 1) if (ops[j]!.kind !== ' ') end = j;
    const stop = Math.min(ops.length, end + CONTEXT + 1);
    const slice = ops.slice(start, stop);
    const oldCount = slice.filter((o) => o.kind !== '+').length;
    const newCount = slice.filter((o) => o.kind !== '-').length;
    const oldStart = oldCount === 0 ? slice[0]!.oldAt : slice.find((o) => o.kind !== '+')!.oldAt + 1;
    const newStart = newCount === 0 ? slice[0]!.newAt : slice.find((o) => o.kind !== '-')!.newAt + 1;
    hunks.push(`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@\n${slice.map((o) => `${o.kind}${o.text}\n`).join('')}`);
    i = stop;
  }
  return header + hunks.join('');
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function diffLines(a: string[], b: string[]): Op[] {
  if (a.length * b.length > MAX_CELLS) {
    return [...a.map((text, i) => ({ kind: '-' as const, text, oldAt: i, newAt: 0 })), ...b.map((text, j) => ({ kind: '+' as const, text, oldAt: a.length, newAt: j }))];
  }
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..], in one flat array.
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      lengths[i * width + j] = a[i] === b[j] ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) ops.push({ kind: ' ', text: a[i]!, oldAt: i++, newAt: j++ });
    // A removed line before the added one that replaces it, as diff -u writes them.
    else if (i < a.length && (j === b.length || lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!)) ops.push({ kind: '-', text: a[i]!, oldAt: i++, newAt: j });
    else ops.push({ kind: '+', text: b[j]!, oldAt: i, newAt: j++ });
  }
  return ops;
}
