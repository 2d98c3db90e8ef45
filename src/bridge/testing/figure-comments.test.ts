import { readdirSync, readFileSync } from 'node:fs';
import { NOT_WALKED } from './doc-paths';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Comments give reasons; measured figures live in docs/performance.md, dated and with how to take
 * them again, where a stale one can be found and measured anew. A figure left in a comment goes
 * stale unseen. Test files are read too: their comments age the same way.
 */
const SRC = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE = /\.(ts|tsx|cts|mts|js|cjs|mjs)$/;

/** A time, size or share with its unit (a range too), a time in words, or a score that moved from one value to another. */
const FIGURE =
  /(?<![\w.-])\d[\d,._]*(?:\s?(?:–|-|to)\s?\d[\d,._]*)?\s?(?:ms|s|µs|seconds?|milliseconds?|kB|KB|KiB|MB|MiB|bytes|B|%|×)(?![\p{L}\d])|\b(?:a few|tens of|hundreds of) (?:milli|micro)?seconds\b|\b[01]\.\d\d to [01]\.\d\d\b/gu;
/** Words that say a figure was measured, looked for near it. */
const MEASURING =
  /\b(?:measured|took|paid|costs?|on this machine|this machine's|Lighthouse|LCP|TBT|score|median|p50|p90|p95|unthrottled|throttled|slowdown|sooner|faster|slower|went from|was|were|trace)\b/i;
/** A bound, not a measurement: "at most 400 ms", "target: ≤ 100 ms p95", "in the last 5 s". */
const BOUND = /(?:at most|at least|≤|≥|<|>|under|over|within|every|in the last|target|goal|budget|limit|cap)\W*$/i;
/** A time said roughly (a tilde, "about", "some", "nearly"): only a measurement gives one. */
const ROUGHLY = /(?:~|\babout|\bsome|\bnearly|\broughly|\baround)\s?$/i;
/** How far either side of a figure the words that say it was measured are looked for. */
const NEAR = 48;

/** The figures a comment's prose states as measured, each with a little of its context. */
export function measuredFigures(prose: string): string[] {
  const found: string[] = [];
  for (const match of prose.matchAll(FIGURE)) {
    const before = prose.slice(Math.max(0, match.index - NEAR), match.index);
    const after = prose.slice(match.index + match[0].length, match.index + match[0].length + NEAR);
    if (BOUND.test(before)) continue;
    const roughTime = ROUGHLY.test(before) && /[\d\s](?:ms|µs|s)$|seconds?$/.test(match[0]);
    if (roughTime || MEASURING.test(`${before} ${after}`)) found.push(`${before}[${match[0]}]${after}`.trim());
  }
  return found;
}

/** Every comment of a source file, as prose (markers and leading stars gone), with its first line; `//` lines in a row are one comment. */
export function commentsOf(fileName: string, text: string): { line: number; prose: string }[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const ranges = new Map<number, ts.CommentRange>();
  const jsxText: [number, number][] = [];
  const take = (at: number) => {
    for (const range of [...(ts.getLeadingCommentRanges(text, at) ?? []), ...(ts.getTrailingCommentRanges(text, at) ?? [])]) ranges.set(range.pos, range);
  };
  // Trivia sits next to a node's start or end (or just inside a JSX `{`): looking on both sides of every node finds all of it.
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.JsxText) return void jsxText.push([node.pos, node.end]);
    take(node.pos);
    take(node.end);
    if (ts.isJsxExpression(node)) take(node.getStart(file) + 1);
    ts.forEachChild(node, visit);
  };
  visit(file);
  const comments: { line: number; last: number; prose: string; lineComment: boolean }[] = [];
  for (const range of [...ranges.values()].sort((a, b) => a.pos - b.pos)) {
    if (jsxText.some(([from, to]) => range.pos >= from && range.pos < to)) continue;
    const line = file.getLineAndCharacterOfPosition(range.pos).line + 1;
    const lineComment = range.kind === ts.SyntaxKind.SingleLineCommentTrivia;
    const prose = text
      .slice(range.pos, range.end)
      .replace(/^\/\/\s?|^\/\*+|\*+\/$/g, '')
      .replace(/\n\s*\*?/g, ' ');
    const previous = comments.at(-1);
    if (lineComment && previous?.lineComment && previous.last === line - 1) {
      previous.prose += ` ${prose}`;
      previous.last = line;
    } else comments.push({ line, last: line, prose, lineComment });
  }
  return comments.map(({ line, prose }) => ({ line, prose: prose.replace(/\s+/g, ' ').trim() }));
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return NOT_WALKED.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

describe('comments in src/', () => {
  it('state no measured figure: those are docs/performance.md’s, dated and with how to take them again', { timeout: 60_000 }, () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((path) => {
      const text = readFileSync(path, 'utf8');
      // Parsed only where a figure stands somewhere in the file: most files have none, and parsing is this test's time.
      if (text.search(FIGURE) < 0) return [];
      return commentsOf(path, text).flatMap(({ line, prose }) => measuredFigures(prose).map((figure) => `${relative(SRC, path)}:${line}: ${figure}`));
    });
    expect(found, found.join('\n')).toEqual([]);
  });

  it('would catch the figures docs/performance.md took from them', () => {
    // Each as it was in a comment before it moved.
    const old = [
      "sanitised in one task when it came (45 ms on this machine, about 180 ms at Lighthouse's 4× slowdown).",
      "the opening's frame took six times its own CPU time (130 ms for 22 ms; Lighthouse's mobile score of a long chat went from 0.92 to 0.99 once it waited).",
      'On a chat: its code too (its scripts and style sheets; the chat drew 0.5 to 0.65 s sooner).',
      "three rounds before the chat could draw; the chat's Lighthouse LCP 0.25 s simulated longer).",
      "not only drawn: on Chromium the report comes some 30 to 60 ms after the frame's task), or after",
      'the first `Intl` formatter a page makes costs it 50–110 ms (it loads the number formats)',
      "that was 20 ms of layout in the middle of the render's task.",
      'the opening draw of a chat was one task of 100 ms and more, 60 of them that layout',
      'no TypeScript loader runs at their start (`collie help` paid ~0.6 s for one)',
      "Node's ES module loader (~10 ms of a start on this machine's two cores).",
      "Node reaches a CommonJS file's first line about 10 ms sooner than an ES module's",
      'node:fs/promises would cost `collie help` a few milliseconds to load',
      'it and its crypto libraries cost a start of the CLI or the bridge tens of milliseconds',
    ];
    expect(old.filter((prose) => measuredFigures(prose).length === 0)).toEqual([]);
  });

  it('leaves bounds, constants and what a bench measures alone', () => {
    const fine = [
      "Then the first render: the first screen's data, waited for (at most 400 ms: first-paint.ts).",
      "issue #47's target: ≤ 100 ms p95 over 20 agents × 2,000 items",
      'the ratio of the two at p50 (the goal: at most 1.3×).',
      'faster while a phone looks (or looked in the last 5 s);',
      "What an entry costs the bridge's memory budget: the UTF-8 bytes of its JSON.",
      '1 + 2 + 4 + 8 + 16 + 32 s, then once a minute: 10 reads in five minutes, not 300.',
      'and how many reads a 120 ms stretch holds with a 50 ms pause. Medians.',
      'a push of about 4 bytes less than its limit',
    ];
    expect(fine.flatMap(measuredFigures)).toEqual([]);
  });

  it('reads every kind of comment, and nothing in strings, templates or JSX text', () => {
    const source = [
      '// one',
      '// two, the same comment',
      'const a = "// not one"; /* three */',
      'const b = `/* not one ${1 /* four */} either */`;',
      'const c = <p>// not one {/* five */}</p>;',
      '/**',
      ' * six',
      ' */',
      'function f() {',
      '  return 1;',
      '  // seven',
      '}',
    ].join('\n');
    expect(commentsOf('probe.tsx', source)).toEqual([
      { line: 1, prose: 'one two, the same comment' },
      { line: 3, prose: 'three' },
      { line: 4, prose: 'four' },
      { line: 5, prose: 'five' },
      { line: 6, prose: 'six' },
      { line: 11, prose: 'seven' },
    ]);
  });
});
